// Deliveries of one endpoint or one event: where each stands (status, attempts, next retry, the last
// answer's code and duration) and "Resend" to send that one again. The list reads itself again every
// 2 s while a delivery is on its way, so a pending row turns delivered (or failed) on its own.
import type { ListWebhookDeliveryStatesParams, WebhookDeliveryState } from '@contrail/sdk';
import {
  getListWebhookDeliveryStatesQueryKey,
  useListWebhookDeliveryStates,
  useResendWebhookDelivery,
} from '@contrail/sdk/react';
import { Button, Center, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager';
import { TableScroll } from '../../../components/table-scroll';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { DeliveryStatusBadge } from './delivery-status-badge';

const perPage = 10;

export function DeliveriesTable({
  filter,
  showEndpoint = false,
  canResend = true,
}: {
  filter: Pick<ListWebhookDeliveryStatesParams, 'endpoint_id' | 'event_id'>;
  /** An event's deliveries name their endpoint; an endpoint's name their event. */
  showEndpoint?: boolean;
  canResend?: boolean;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useListWebhookDeliveryStates(
    { ...filter, page, per_page: perPage },
    {
      query: {
        refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 2_000 : false),
      },
    },
  );
  const resend = useResendWebhookDelivery({
    mutation: {
      onSuccess: () => {
        notify({ type: 'success', text: t('webhooks.deliveries.resent') });
        void queryClient.invalidateQueries({ queryKey: getListWebhookDeliveryStatesQueryKey() });
      },
    },
  });
  const rows = list.data?.data ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / perPage)) : 1;

  if (list.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  if (rows.length === 0)
    return (
      <Text size="sm" c="gray.8">
        {t('webhooks.deliveries.empty')}
      </Text>
    );
  const answer = (d: WebhookDeliveryState) =>
    d.last_status_code !== null ? String(d.last_status_code) : (d.last_error ?? '—');
  return (
    <Stack gap="sm">
      <TableScroll minWidth={720} hasControls={canResend} label={t('webhooks.deliveries.title')}>
        <Table verticalSpacing="xs" striped="even" data-deliveries>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.deliveries.status')}</Table.Th>
              <Table.Th>{showEndpoint ? t('webhooks.deliveries.endpoint') : t('webhooks.deliveries.event')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.attempts')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.response')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.duration')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.nextRetry')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.created')}</Table.Th>
              {canResend && (
                <Table.Th>
                  <VisuallyHidden>{t('webhooks.deliveries.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-delivery={d.id} data-status={d.status}>
                <Table.Td>
                  <DeliveryStatusBadge status={d.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {showEndpoint ? d.endpoint_url : d.event_type}
                  </Text>
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {answer(d)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {d.last_duration_ms !== null ? t('webhooks.deliveries.ms', { ms: d.last_duration_ms }) : '—'}
                </Table.Td>
                <Table.Td>{d.next_attempt_at ? formatDateTime(d.next_attempt_at, language) : '—'}</Table.Td>
                <Table.Td>{formatDateTime(d.created_at, language)}</Table.Td>
                {canResend && (
                  <Table.Td ta="end">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      loading={resend.isPending && resend.variables?.id === d.id}
                      aria-label={t('webhooks.deliveries.resendOne', { type: d.event_type })}
                      onClick={() => resend.mutate({ id: d.id })}
                    >
                      {t('webhooks.deliveries.resend')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPager pages={pages} page={page} onChange={setPage} />
    </Stack>
  );
}
