// The filters in force, one badge each; its × removes just that filter
// (DELETE /search_results/{id}?filter_key=).
import type { SearchFilters } from '@contrail/sdk';
import { Badge, CloseButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterKey } from './result-filters';

export function ActiveFilters({ filters, onRemove }: { filters: SearchFilters; onRemove: (key: FilterKey) => void }) {
  const { t } = useTranslation();
  const describe = (key: FilterKey): string | null => {
    switch (key) {
      case 'carriers':
        return filters.carriers ? filters.carriers.join(', ') : null;
      case 'max_stops':
        return filters.max_stops === undefined ? null : t(`search.filters.maxStops.${filters.max_stops}`);
      case 'departure_windows':
        return filters.departure_windows ? t('search.filters.departure') : null;
      case 'arrival_windows':
        return filters.arrival_windows ? t('search.filters.arrival') : null;
      case 'price':
        return filters.price ? `${filters.price.min ?? '0'}–${filters.price.max ?? '∞'} EUR` : null;
      case 'baggage_included':
        return filters.baggage_included ? t('search.filters.baggageIncluded') : null;
      case 'fare_families':
        return filters.fare_families ? filters.fare_families.join(', ') : null;
      default:
        return null; // sort is chosen beside the list, not a filter to remove
    }
  };
  const active = (Object.keys(filters) as FilterKey[])
    .map((key) => ({ key, text: describe(key) }))
    .filter((item): item is { key: FilterKey; text: string } => item.text !== null);
  if (active.length === 0) return null;
  return (
    <Group gap={6} aria-label={t('search.filters.active')} role="list">
      {active.map(({ key, text }) => (
        // Mantine's Pill hides its remove button from keyboards and screen readers; this one is a button.
        <Badge
          key={key}
          role="listitem"
          variant="light"
          size="lg"
          tt="none"
          pr={4}
          rightSection={
            <CloseButton
              size="xs"
              variant="transparent"
              onClick={() => onRemove(key)}
              aria-label={t('search.filters.remove', { filter: text })}
            />
          }
        >
          {text}
        </Badge>
      ))}
    </Group>
  );
}
