// The list's filters: the status list (it starts with every active booking, held, being issued or
// issued, so an issued booking stays in sight; ended ones, voided or cancelled, leave it),
// a locator or passenger search and the booking-date range.
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingsFilter, StatusChoice } from '../bookings-list-query';

const statusChoices: readonly StatusChoice[] = [
  'active',
  'new',
  'issuing',
  'issued',
  'cancelled',
  'voided',
  'expired',
  'refunded',
  'all',
];

export function BookingsFilters({
  value,
  onChange,
}: {
  value: BookingsFilter;
  onChange: (next: BookingsFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('bookings.filters.status')}
        allowDeselect={false}
        value={value.status}
        data={statusChoices.map((status) => ({
          value: status,
          label:
            status === 'all'
              ? t('bookings.filters.allStatuses')
              : status === 'active'
                ? t('bookings.filters.active')
                : t(`bookings.status.${status}`),
        }))}
        onChange={(status) => {
          const choice = statusChoices.find((s) => s === status);
          if (choice) onChange({ ...value, status: choice });
        }}
        w={240}
      />
      <TextInput
        type="search"
        label={t('bookings.filters.search')}
        placeholder={t('bookings.filters.searchPlaceholder')}
        value={value.q}
        maxLength={64}
        onChange={(e) => onChange({ ...value, q: e.currentTarget.value })}
        miw={240}
      />
      <TextInput
        type="date"
        label={t('bookings.filters.dateFrom')}
        value={value.dateFrom}
        max={value.dateTo || undefined}
        onChange={(e) => onChange({ ...value, dateFrom: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('bookings.filters.dateTo')}
        value={value.dateTo}
        min={value.dateFrom || undefined}
        onChange={(e) => onChange({ ...value, dateTo: e.currentTarget.value })}
      />
    </Group>
  );
}
