import type { WebhookDeliveryStateStatus } from '@contrail/sdk';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<WebhookDeliveryStateStatus, string> = { pending: 'blue', succeeded: 'teal', failed: 'red' };

/** Where a delivery stands, in words and colour (the words alone carry it for screen readers). */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colors[status]} miw="max-content">
      {t(`webhooks.deliveryStatus.${status}`)}
    </Badge>
  );
}
