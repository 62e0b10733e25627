// One event in a drawer: its envelope, the JSON body every endpoint receives, and its deliveries
// (with "Resend" on each).
import type { Event } from '@contrail/sdk';
import { Anchor, Code, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { linkProps } from '../../../lib/router';
import { DeliveriesTable } from './deliveries-table';
import { eventObject } from './event-object';
import { ModeBadge } from './mode-badge';

export function EventDrawer({ event, onClose }: { event: Event | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const object = event ? eventObject(event) : null;
  return (
    <Drawer
      opened={event !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('webhooks.events.drawerTitle')}
      closeButtonProps={{ 'aria-label': t('webhooks.events.close') }}
    >
      {event && object && (
        <Stack gap="lg">
          <Group gap="xs">
            <Text ff="monospace" fw={700}>
              {event.type}
            </Text>
            <ModeBadge live={event.live_mode} />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label={t('webhooks.events.id')}>
              <Text span size="sm" ff="monospace">
                {event.id}
              </Text>
            </Field>
            <Field label={t('webhooks.events.time')}>{formatDateTime(event.created_at, language)}</Field>
            {object.locator && (
              <Field label={t('webhooks.events.booking')}>
                <Anchor size="sm" {...linkProps(`/bookings?locator=${encodeURIComponent(object.locator)}`)}>
                  {object.locator}
                </Anchor>
              </Field>
            )}
            {event.request && (
              <Field label={t('webhooks.events.request')}>
                <Text span size="sm" ff="monospace">
                  {event.request.id}
                </Text>
              </Field>
            )}
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('webhooks.events.payload')}
            </Title>
            <Code
              block
              data-payload
              tabIndex={0}
              aria-label={t('webhooks.events.payload')}
              mah={360}
              style={{ overflow: 'auto' }}
            >
              {JSON.stringify(event, null, 2)}
            </Code>
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('webhooks.deliveries.title')}
            </Title>
            <DeliveriesTable filter={{ event_id: event.id }} showEndpoint />
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
