// A supervisor's agency logo (PUT/DELETE /agencies/{id}/logo): a PNG or JPEG of at most 128 KiB,
// shown in the header of every user of the agency. The server checks the file's first bytes; its
// refusal is shown as its text. The account is read again, so the header follows at once.
import type { AccountDetails } from '@contrail/sdk';
import { useDeleteAgencyLogo, useSetAgencyLogo } from '@contrail/sdk/react';
import { Button, FileInput, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgencyLogo } from '../../../components/agency-logo';
import { SectionCard } from '../../../components/section-card';
import { accountQueryKey } from '../../../hooks/use-current-account';
import { fileAsBase64 } from '../../../lib/file-base64';
import { useNotify, useNotifyError } from '../../../notifications';

export function AgencyLogoForm({ account, agencyId }: { account: AccountDetails; agencyId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const done = (text: string) => () => {
    setFile(null);
    notify({ type: 'success', text });
    void queryClient.invalidateQueries({ queryKey: accountQueryKey });
  };
  const upload = useSetAgencyLogo({
    mutation: { meta: { silentErrors: true }, onError: notifyError, onSuccess: done(t('settings.logo.saved')) },
  });
  const remove = useDeleteAgencyLogo({
    mutation: { meta: { silentErrors: true }, onError: notifyError, onSuccess: done(t('settings.logo.removed')) },
  });
  return (
    <SectionCard title={t('settings.logo.title')} lead={t('settings.logo.lead')}>
      {account.logo ? (
        <AgencyLogo account={account} alt={t('settings.logo.current')} h={48} w="auto" fit="contain" maw={240} />
      ) : (
        <Text size="sm" c="gray.8">
          {t('settings.logo.none')}
        </Text>
      )}
      <Group
        component="form"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return;
          void (async () => {
            // The type goes as the browser names it; the server refuses anything but PNG or JPEG.
            const contentType = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
            upload.mutate({
              id: agencyId,
              data: { content_type: contentType, content_base64: await fileAsBase64(file) },
            });
          })();
        }}
      >
        <FileInput
          label={t('settings.logo.file')}
          clearable
          value={file}
          onChange={setFile}
          accept="image/png,image/jpeg"
          w={320}
        />
        <Button type="submit" loading={upload.isPending} disabled={!file}>
          {t('settings.logo.upload')}
        </Button>
        {account.logo && (
          <Button variant="default" loading={remove.isPending} onClick={() => remove.mutate({ id: agencyId })}>
            {t('settings.logo.remove')}
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
