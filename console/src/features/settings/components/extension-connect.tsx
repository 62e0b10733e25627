// "Connect the extension": makes an extension credential (an API token whose source is
// `extension`, of the mode chosen: test, or live when the agency's production API is on) and hands
// it to the installed browser extension by a runtime message to the extension's id. The mode shown
// is the API's answer (the extension reads the same from the token itself), not the choice made. The browser
// lets only this console's origins send it (the extension's externally_connectable), and the
// credential travels in the message body, never in a URL. The agent sees and revokes the
// extension's credentials here, as API tokens are revoked.
import type { ApiTokenRequestMode } from '@contrail/sdk';
import { getListApiTokensQueryKey, useCreateApiToken, useListApiTokens, useRevokeApiToken } from '@contrail/sdk/react';
import { Alert, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { takeApiTokenCookie } from '../../../lib/api-tokens/token-cookie';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { defaultExtensionId } from '../../../extension/identity';

// A store build names the store's id; unpacked builds have the key's.
const extensionId = (import.meta.env.VITE_CONTRAIL_EXTENSION_ID as string | undefined) ?? defaultExtensionId;

interface RuntimeLike {
  sendMessage(id: string, message: unknown): Promise<unknown>;
}
/** The browser's extension messaging, present on this page only when an extension accepts it. */
const runtime = () => (globalThis as { chrome?: { runtime?: Partial<RuntimeLike> } }).chrome?.runtime;

async function extensionAnswers(message: unknown): Promise<unknown> {
  const send = runtime()?.sendMessage;
  if (!send) return null;
  return send.call(runtime(), extensionId, message).catch(() => null);
}

export function ExtensionConnect() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ApiTokenRequestMode>('test');
  const [outcome, setOutcome] = useState<'connected' | 'notInstalled' | null>(null);
  const [connectedMode, setConnectedMode] = useState<ApiTokenRequestMode>('test');
  const list = useListApiTokens({ source: 'extension', per_page: 20 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
  const revoke = useRevokeApiToken({ mutation: { onSuccess: refresh } });
  const create = useCreateApiToken({
    mutation: {
      onSuccess: async (details) => {
        refresh();
        const token = takeApiTokenCookie(document) ?? details.token;
        const answer = (await extensionAnswers({ type: 'contrail.connect', token, language })) as {
          connected?: boolean;
        } | null;
        if (answer?.connected) {
          setConnectedMode(details.mode);
          setOutcome('connected');
        } else {
          // Nothing received it: the credential would only linger unused.
          revoke.mutate({ id: details.id });
          setOutcome('notInstalled');
        }
      },
    },
  });
  const connect = async () => {
    setOutcome(null);
    if (!(await extensionAnswers({ type: 'contrail.ping' }))) {
      setOutcome('notInstalled');
      return;
    }
    create.mutate({ data: { mode, source: 'extension', name: t('settings.extension.credentialName') } });
  };
  const credentials = list.data?.data ?? [];

  return (
    <SectionCard title={t('settings.extension.title')} lead={t('settings.extension.lead')}>
      <Group gap="sm">
        <SegmentedControl
          aria-label={t('settings.extension.mode')}
          value={mode}
          onChange={setMode}
          data={[
            { value: 'test', label: t('apiTokens.mode.test') },
            { value: 'live', label: t('apiTokens.mode.live') },
          ]}
        />
        <Button onClick={() => void connect()} loading={create.isPending} data-testid="connect-extension">
          {t('settings.extension.connect')}
        </Button>
      </Group>
      {outcome && (
        <Alert color={outcome === 'connected' ? 'green' : 'orange'} data-testid="connect-extension-outcome">
          {outcome === 'connected'
            ? t('settings.extension.connected', { mode: t(`apiTokens.mode.${connectedMode}`) })
            : t('settings.extension.notInstalled')}
        </Alert>
      )}
      {credentials.length > 0 ? (
        <Table>
          <Table.Tbody>
            {credentials.map((c) => (
              <Table.Tr key={c.id} data-testid="extension-credential">
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {c.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>{t(`apiTokens.mode.${c.mode}`)}</Table.Td>
                <Table.Td>{formatDateTime(c.created_at, language)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" color="red" onClick={() => revoke.mutate({ id: c.id })}>
                    {t('settings.extension.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap={0}>
          <Text size="sm" c="gray.8">
            {t('settings.extension.none')}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
