// The header's bell: the unread count, and the person's notifications in a popover (unread first),
// each with its link and a read mark, "mark all read", and the way to the "action required" queue.
import type { Notification } from '@contrail/sdk';
import { getListNotificationsQueryKey, useReadAllNotifications, useReadNotification } from '@contrail/sdk/react';
import { ActionIcon, Anchor, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { linkProps } from '../../lib/router';
import { useInbox } from './use-inbox';
import classes from './inbox.module.css';

const actionRequiredPath = '/action_required';

/** An in-app link that also runs `then` (closing the popover, marking the notification read). */
function linkThen(to: string, then: () => void) {
  const props = linkProps(to);
  return {
    href: props.href,
    onClick: (event: MouseEvent<HTMLElement>) => {
      then();
      props.onClick(event);
    },
  };
}

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const inbox = useInbox();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListNotificationsQueryKey() });
  const readOne = useReadNotification({ mutation: { onSuccess: refresh } });
  const readAll = useReadAllNotifications({ mutation: { onSuccess: refresh } });
  const unread = inbox.data?.meta.unread ?? 0;
  const items = inbox.data?.data ?? [];
  const label = unread > 0 ? t('inbox.bellUnread', { n: unread }) : t('inbox.bell');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      trapFocus
    >
      {/* The popover's ARIA (haspopup, expanded, controls) goes on the button itself, not on the
          indicator's plain div around it, where axe rightly refuses it. */}
      <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label={t('inbox.title')} role="dialog">
        <Group justify="space-between" px="md" py="sm" className={classes.head} wrap="nowrap">
          <Text fw={700}>{t('inbox.title')}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {t('inbox.readAll')}
          </Button>
        </Group>
        <Box px="md" py={6} className={classes.head}>
          <Anchor {...linkThen(actionRequiredPath, () => setOpened(false))} size="sm">
            {t('inbox.actionRequired')}
          </Anchor>
        </Box>
        <ScrollArea.Autosize mah={420} type="auto">
          {items.length === 0 ? (
            <Text size="sm" c="gray.8" p="md">
              {t('inbox.empty')}
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list}>
              {items.map((n) => (
                <InboxItem
                  key={n.id}
                  item={n}
                  onOpen={() => {
                    if (n.read_at === null) readOne.mutate({ id: n.id });
                    setOpened(false);
                  }}
                  onRead={() => readOne.mutate({ id: n.id })}
                />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function InboxItem({ item, onOpen, onRead }: { item: Notification; onOpen: () => void; onRead: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const unread = item.read_at === null;
  return (
    <li className={classes.item} data-unread={unread || undefined}>
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {unread && <span className={classes.dot} aria-label={t('inbox.unread')} role="img" />}
          <Text size="sm" fw={unread ? 700 : 500} className={classes.title}>
            {item.title}
            {!item.live_mode && (
              <Text span size="xs" c="gray.7" ml={6}>
                {t('inbox.test')}
              </Text>
            )}
          </Text>
        </Group>
        <Text size="sm" c="gray.8">
          {item.body}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="gray.7">
            {formatDateTime(item.created_at, language)}
          </Text>
          <Group gap="sm" wrap="nowrap">
            {unread && (
              <Anchor component="button" type="button" size="xs" onClick={onRead}>
                {t('inbox.markRead')}
              </Anchor>
            )}
            {item.link && (
              <Anchor {...linkThen(item.link, onOpen)} size="xs" fw={600}>
                {item.booking_locator ? t('inbox.openBooking', { locator: item.booking_locator }) : t('inbox.open')}
              </Anchor>
            )}
          </Group>
        </Group>
      </Stack>
    </li>
  );
}
