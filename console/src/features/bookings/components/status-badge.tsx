// A booking's status as a badge: a coloured dot beside dark text (light badges' coloured text falls
// under 4.5:1 at this size); ended bookings in quieter colours.
import type { BookingStatus } from '@contrail/sdk';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColors: Record<BookingStatus, string> = {
  new: 'blue',
  issuing: 'yellow',
  issued: 'green',
  cancelled: 'gray',
  voided: 'dark',
  expired: 'orange',
  refunded: 'grape',
};

export function StatusBadge({ status, size = 'sm' }: { status: BookingStatus; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="dot" color={statusColors[status]}>
      {t(`bookings.status.${status}`)}
    </Badge>
  );
}
