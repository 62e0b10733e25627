// "Revoke this token?" Programs using it stop working at once, so the person confirms first.
import type { ApiToken } from '@contrail/sdk';
import { getListApiTokensQueryKey, useRevokeApiToken } from '@contrail/sdk/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../notifications';

export function RevokeTokenModal({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const revoke = useRevokeApiToken({
    mutation: {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
        notify({ type: 'success', text: t('apiTokens.revoke.done') });
        onClose();
      },
    },
  });

  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title={t('apiTokens.revoke.title')}
      closeButtonProps={{ 'aria-label': t('apiTokens.revoke.close') }}
      centered
    >
      {token && (
        <Stack gap="md">
          <Text size="sm">
            {t('apiTokens.revoke.text', { prefix: token.prefix, name: token.name ?? t('apiTokens.list.unnamed') })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('apiTokens.revoke.cancel')}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate({ id: token.id })}>
              {t('apiTokens.revoke.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
