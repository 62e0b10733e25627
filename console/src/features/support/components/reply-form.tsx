// A reply in the thread, with one optional file; the server's error (a file too large or of a
// type it refuses) is shown as its text.
import type { SupportCase } from '@contrail/sdk';
import { usePostSupportCaseMessage } from '@contrail/sdk/react';
import { Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { useNotify, useNotifyError } from '../../../notifications';
import { attachmentOf } from '../support-format';

export function ReplyForm({ caseId, onSent }: { caseId: string; onSent: (c: SupportCase) => void }) {
  const { t } = useSupportTexts();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const post = usePostSupportCaseMessage({
    mutation: {
      meta: { silentErrors: true },
      onError: notifyError,
      onSuccess: (c) => {
        setBody('');
        setFile(null);
        notify({ type: 'success', text: t('support.case.sent') });
        onSent(c);
      },
    },
  });
  return (
    <Stack
      component="form"
      gap="xs"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          post.mutate({ id: caseId, data: { body, ...(file ? { attachments: [await attachmentOf(file)] } : {}) } });
        })();
      }}
    >
      <Textarea
        label={t('support.case.reply')}
        required
        autosize
        minRows={3}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      <Group align="flex-end">
        <FileInput
          label={t('support.new.file')}
          clearable
          value={file}
          onChange={setFile}
          accept=".pdf,.png,.jpg,.jpeg,.txt,.csv"
          w={360}
        />
        <Button type="submit" loading={post.isPending}>
          {t('support.case.send')}
        </Button>
      </Group>
    </Stack>
  );
}
