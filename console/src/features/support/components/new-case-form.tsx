// A new case: its kind, subject and first message, the booking it is about (prefilled from the
// booking page) and one file. The server's error is shown as its text; on success the case opens.
import { getListSupportCasesQueryKey, useCreateSupportCase } from '@contrail/sdk/react';
import { Button, FileInput, NativeSelect, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { navigate } from '../../../lib/router';
import { useNotify, useNotifyError } from '../../../notifications';
import { attachmentOf } from '../support-format';

const kinds = ['refund', 'exchange', 'schedule_change', 'other'] as const;

export function NewCaseForm({ locator: given }: { locator: string }) {
  const { t } = useSupportTexts();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<(typeof kinds)[number]>(given ? 'refund' : 'other');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [locator, setLocator] = useState(given);
  const [file, setFile] = useState<File | null>(null);
  const create = useCreateSupportCase({
    mutation: {
      meta: { silentErrors: true },
      onError: notifyError,
      onSuccess: (made) => {
        notify({ type: 'success', text: t('support.new.done') });
        void queryClient.invalidateQueries({ queryKey: getListSupportCasesQueryKey() });
        navigate(`/support?case=${made.id}`);
      },
    },
  });
  return (
    <Stack
      component="form"
      gap="sm"
      maw={640}
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          create.mutate({
            data: {
              kind,
              subject,
              body,
              ...(locator.trim() ? { locator: locator.trim().toUpperCase() } : {}),
              ...(file ? { attachments: [await attachmentOf(file)] } : {}),
            },
          });
        })();
      }}
    >
      <Title order={2} size="h4">
        {t('support.new.title')}
      </Title>
      <NativeSelect
        label={t('support.new.kind')}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value as (typeof kinds)[number])}
        data={kinds.map((k) => ({ value: k, label: t(`support.kinds.${k}`) }))}
      />
      <TextInput
        label={t('support.new.locator')}
        value={locator}
        maxLength={6}
        onChange={(e) => setLocator(e.currentTarget.value)}
      />
      <TextInput
        label={t('support.new.subject')}
        required
        maxLength={200}
        value={subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
      />
      <Textarea
        label={t('support.new.body')}
        required
        autosize
        minRows={4}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      <FileInput
        label={t('support.new.file')}
        clearable
        value={file}
        onChange={setFile}
        accept=".pdf,.png,.jpg,.jpeg,.txt,.csv"
      />
      <Button type="submit" loading={create.isPending} maw={240}>
        {t('support.new.submit')}
      </Button>
    </Stack>
  );
}
