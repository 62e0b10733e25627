// An endpoint's newest delivery in the list: its status and when, or "none yet".
import { useListWebhookDeliveryStates } from '@contrail/sdk/react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { DeliveryStatusBadge } from './delivery-status-badge';

export function LastDelivery({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const list = useListWebhookDeliveryStates(
    { endpoint_id: endpointId, per_page: 1 },
    { query: { refetchInterval: (q) => (q.state.data?.data[0]?.status === 'pending' ? 2_000 : false) } },
  );
  const last = list.data?.data[0];
  if (!last)
    return (
      <Text size="sm" c="gray.8">
        {list.isPending ? '…' : t('webhooks.list.noDeliveries')}
      </Text>
    );
  return (
    <Group gap={6} align="center">
      <DeliveryStatusBadge status={last.status} />
      <Text size="xs" c="gray.8" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(last.created_at, language)}
      </Text>
    </Group>
  );
}
