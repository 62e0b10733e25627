// The agency's endpoints, newest first: address, mode, event types, on or off, and the last
// delivery (a table on wide screens, cards on phones). The address opens one in the drawer.
import type { WebhookEndpoint } from '@contrail/sdk';
import { useListWebhookEndpoints } from '@contrail/sdk/react';
import { Anchor, Badge, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager';
import { SectionCard } from '../../../components/section-card';
import { LastDelivery } from './last-delivery';
import { ModeBadge } from './mode-badge';

const perPage = 20;

export function EnabledBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  if (endpoint.enabled)
    return (
      <Badge variant="light" color="teal" miw="max-content">
        {t('webhooks.state.enabled')}
      </Badge>
    );
  const why = endpoint.disabled_reason ? t(`webhooks.state.reason.${endpoint.disabled_reason}`) : null;
  return (
    <Badge variant="light" color="gray" miw="max-content" title={why ?? undefined}>
      {why ? t('webhooks.state.disabledWhy', { why }) : t('webhooks.state.disabled')}
    </Badge>
  );
}

function EventsSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" ff="monospace">
      {endpoint.events.length <= 2
        ? endpoint.events.join(', ')
        : t('webhooks.list.eventsCount', { first: endpoint.events[0], count: endpoint.events.length - 1 })}
    </Text>
  );
}

export function EndpointList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useListWebhookEndpoints({ page, per_page: perPage });
  const endpoints = list.data?.data ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / perPage)) : 1;
  // The address opens the endpoint: on a phone and in a narrow column it stays the first thing.
  const open = (e: WebhookEndpoint) => (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ff="monospace"
      ta="start"
      style={{ overflowWrap: 'anywhere' }}
      aria-label={t('webhooks.list.openOne', { url: e.url })}
      onClick={() => onOpen(e.id)}
    >
      {e.url}
    </Anchor>
  );
  return (
    <SectionCard title={t('webhooks.list.title')}>
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : endpoints.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('webhooks.list.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <Table verticalSpacing="sm" striped="even" visibleFrom="sm" data-endpoints>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.list.url')}</Table.Th>
                <Table.Th>{t('webhooks.list.mode')}</Table.Th>
                <Table.Th>{t('webhooks.list.events')}</Table.Th>
                <Table.Th>{t('webhooks.list.state')}</Table.Th>
                <Table.Th>{t('webhooks.list.lastDelivery')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.map((e) => (
                <Table.Tr key={e.id} data-endpoint={e.id}>
                  <Table.Td miw={200}>
                    {open(e)}
                    {e.description && (
                      <Text size="xs" c="gray.8">
                        {e.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ModeBadge live={e.live_mode} />
                  </Table.Td>
                  <Table.Td>
                    <EventsSummary endpoint={e} />
                  </Table.Td>
                  <Table.Td>
                    <EnabledBadge endpoint={e} />
                  </Table.Td>
                  <Table.Td>
                    <LastDelivery endpointId={e.id} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {endpoints.map((e) => (
              <Paper key={e.id} component="li" withBorder p="sm">
                <Stack gap={6}>
                  {open(e)}
                  <Group gap="xs">
                    <ModeBadge live={e.live_mode} />
                    <EnabledBadge endpoint={e} />
                  </Group>
                  <EventsSummary endpoint={e} />
                  <LastDelivery endpointId={e.id} />
                </Stack>
              </Paper>
            ))}
          </Stack>
          <ListPager pages={pages} page={page} onChange={setPage} />
        </Stack>
      )}
    </SectionCard>
  );
}
