// The side panel: whether the extension is connected (and in which mode: the credential's own, read
// from the token), the work on the newest terminal entry (offers → booking → PNR entries), and the
// agent's notifications. A credential the API refused (revoked in the console) shows the way back:
// Settings → Browser extension, where connecting again replaces it.
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { clientFor, forgetConnection, onConnectionChange, type Connection } from '../connection';
import { NotificationsView } from './notifications-view';
import { TerminalWork } from './terminal-work';
import { useRecognitions } from './use-recognitions';

export function PanelApp({ initialConnection }: { initialConnection: Connection | null }) {
  const { t } = useTranslation();
  const [connection, setConnection] = useState(initialConnection);
  useEffect(() => onConnectionChange(setConnection), []);
  const client = useMemo(() => (connection ? clientFor(connection) : null), [connection]);
  const input = useRecognitions(client);

  return (
    <Stack gap="sm" p="sm" data-testid="contrail-panel">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h4">
          {t('title')}
        </Title>
        {connection && (
          <Badge color={connection.mode === 'live' ? 'green' : 'orange'} variant="light" data-testid="panel-mode">
            {t(`mode.${connection.mode}`)}
          </Badge>
        )}
      </Group>
      {!connection || !client ? (
        <Alert color="blue" title={t('connect.none')} data-testid="panel-not-connected">
          {t('connect.how')}
        </Alert>
      ) : connection.revoked ? (
        <Alert color="orange" title={t('connect.reconnectTitle')} data-testid="panel-revoked">
          <Stack gap={4}>
            <Text size="sm">{t('connect.revoked')}</Text>
            <Anchor size="sm" href={new URL(paths.settings, connection.origin).href} target="_blank">
              {t('connect.reconnect')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" data-testid="panel-connected">
              {t('connect.connectedTo', { origin: connection.origin })}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void forgetConnection()}>
              {t('connect.disconnect')}
            </Button>
          </Group>
          <TerminalWork client={client} input={input} language={connection.language} />
          <NotificationsView client={client} origin={connection.origin} />
        </>
      )}
    </Stack>
  );
}
