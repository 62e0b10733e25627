// /settings/events: the agency's event log, newest first, for its supervisors and staff: type, what
// it is about, the booking, when, and test or live. Pages go back in time by the API's cursor.
// The type opens the event's JSON body and its deliveries in a drawer.
import type { Event, EventType } from '@contrail/sdk';
import { useListEvents } from '@contrail/sdk/react';
import { Anchor, Button, Center, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleNotice } from '../../components/role-notice';
import { SectionCard } from '../../components/section-card';
import { TableScroll } from '../../components/table-scroll';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { linkProps } from '../../lib/router';
import { EventDrawer } from './components/event-drawer';
import { eventObject, objectKind } from './components/event-object';
import { eventTypes } from './components/event-types-field';
import { ModeBadge } from './components/mode-badge';
import { useWebhooksAccess } from './use-manages-webhooks';

const limit = 25;

export function EventsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('webhooks.events.title'));
  const access = useWebhooksAccess();
  if (access === 'pending')
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  if (access === 'denied') return <RoleNotice title={t('webhooks.events.title')} text={t('webhooks.forSupervisors')} />;
  return <EventLog />;
}

function EventLog() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [type, setType] = useState<EventType | ''>('');
  // The cursors of the pages before this one: "Newer" goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const [open, setOpen] = useState<Event | null>(null);
  const list = useListEvents({ limit, ...(type ? { type: [type] } : {}), ...(cursor ? { cursor } : {}) });
  const events = list.data?.data ?? [];
  const next = list.data?.meta.next_cursor ?? null;

  return (
    <SectionCard title={t('webhooks.events.title')} lead={t('webhooks.events.lead')}>
      <NativeSelect
        label={t('webhooks.events.filterType')}
        value={type}
        onChange={(e) => {
          setType(e.currentTarget.value as EventType | '');
          setCursors([]);
        }}
        data={[{ value: '', label: t('webhooks.events.allTypes') }, ...eventTypes]}
        maw={320}
      />
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : events.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('webhooks.events.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <TableScroll minWidth={640} hasControls>
            <Table verticalSpacing="sm" striped="even" data-events>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.events.type')}</Table.Th>
                  <Table.Th>{t('webhooks.events.object')}</Table.Th>
                  <Table.Th>{t('webhooks.events.booking')}</Table.Th>
                  <Table.Th>{t('webhooks.events.time')}</Table.Th>
                  <Table.Th>{t('webhooks.events.mode')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => {
                  const object = eventObject(event);
                  return (
                    <Table.Tr key={event.id} data-event={event.id}>
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          ff="monospace"
                          ta="start"
                          aria-label={t('webhooks.events.openOne', { type: event.type, id: event.id })}
                          onClick={() => setOpen(event)}
                        >
                          {event.type}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {objectKind(event.type) === 'backOfficeConnection'
                            ? t('settings.nav.backOffice')
                            : t(`webhooks.events.kind.${objectKind(event.type)}`)}
                        </Text>
                        {object.id && (
                          <Text size="xs" ff="monospace" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                            {object.id}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {object.locator ? (
                          <Anchor size="sm" {...linkProps(`/bookings?locator=${encodeURIComponent(object.locator)}`)}>
                            {object.locator}
                          </Anchor>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>{formatDateTime(event.created_at, language)}</Table.Td>
                      <Table.Td>
                        <ModeBadge live={event.live_mode} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {(cursors.length > 0 || next !== null) && (
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={cursors.length === 0}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                {t('webhooks.events.newer')}
              </Button>
              <Button variant="default" disabled={next === null} onClick={() => next && setCursors([...cursors, next])}>
                {t('webhooks.events.older')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <EventDrawer event={open} onClose={() => setOpen(null)} />
    </SectionCard>
  );
}
