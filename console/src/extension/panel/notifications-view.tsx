// The agent's notifications (schedule changes, time limits and the other events of the console's
// bell), unread first; reading them here clears the icon's badge.
import type { ContrailClient, Notification } from '@contrail/sdk';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Memoised: a new terminal entry re-renders the panel, not this list.
export const NotificationsView = memo(function NotificationsView({
  client,
  origin,
}: {
  client: ContrailClient;
  origin: string;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const load = useCallback(async () => {
    const list = await client.listNotifications({ per_page: 5 });
    setItems(list.data);
    setUnread(list.meta.unread);
  }, [client]);
  useEffect(() => {
    void load().catch(() => undefined);
    const timer = setInterval(() => void load().catch(() => undefined), 60_000);
    return () => clearInterval(timer);
  }, [load]);
  const readAll = async () => {
    await client.readAllNotifications();
    await load();
    chrome.runtime.sendMessage({ type: 'badge.refresh' }).catch(() => undefined);
  };
  return (
    <Stack gap={4} component="section" aria-labelledby="panel-notifications" data-testid="panel-notifications">
      <Group justify="space-between">
        <Title order={2} size="h6" id="panel-notifications">
          {t('notifications.title')} {unread > 0 && `(${unread})`}
        </Title>
        {unread > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => void readAll()}>
            {t('notifications.markRead')}
          </Button>
        )}
      </Group>
      {items.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('notifications.none')}
        </Text>
      )}
      {items.map((n) => (
        <Paper key={n.id} withBorder p={6} bg={n.read_at ? undefined : 'blue.0'}>
          <Text size="xs" fw={600}>
            {n.title}
          </Text>
          <Text size="xs">{n.body}</Text>
          {n.booking_locator && (
            <Anchor size="xs" href={n.link ? new URL(n.link, origin).href : undefined} target="_blank">
              {n.booking_locator}
            </Anchor>
          )}
        </Paper>
      ))}
    </Stack>
  );
});
