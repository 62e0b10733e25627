import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `test` in grey, `live` in red: a live endpoint hears of real bookings. */
export function ModeBadge({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={live ? 'red' : 'gray'} miw="max-content">
      {t(live ? 'webhooks.mode.live' : 'webhooks.mode.test')}
    </Badge>
  );
}
