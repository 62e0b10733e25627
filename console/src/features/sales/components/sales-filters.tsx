// The ticket search (number, locator or passenger, any part, any case) and the issue-date range.
import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SalesFilter {
  ticket: string;
  dateFrom: string;
  dateTo: string;
}

export function SalesFilters({
  value,
  onChange,
  children,
}: {
  value: SalesFilter;
  onChange: (next: SalesFilter) => void;
  /** Actions on the filtered sales (the export), beside the fields. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="search"
        label={t('sales.filters.ticket')}
        placeholder={t('sales.filters.ticketPlaceholder')}
        value={value.ticket}
        onChange={(e) => onChange({ ...value, ticket: e.currentTarget.value })}
        miw={260}
      />
      <TextInput
        type="date"
        label={t('sales.filters.dateFrom')}
        value={value.dateFrom}
        max={value.dateTo || undefined}
        onChange={(e) => onChange({ ...value, dateFrom: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('sales.filters.dateTo')}
        value={value.dateTo}
        min={value.dateFrom || undefined}
        onChange={(e) => onChange({ ...value, dateTo: e.currentTarget.value })}
      />
      {children}
    </Group>
  );
}
