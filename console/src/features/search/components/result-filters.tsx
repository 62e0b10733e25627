// The filters a result offers (its `facets`), each applied on the server as it changes (POST
// /search_results replaces just that key). The controls show the result's own filters, so what
// the server holds and what the agent sees never differ.
import type { SearchFilters, SearchResult } from '@contrail/sdk';
import { Checkbox, Divider, Radio, RangeSlider, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeWindowFilter } from './time-window-filter';

export type FilterKey = keyof SearchFilters;

export function ResultFilters({
  result,
  onApply,
  onRemove,
}: {
  result: SearchResult;
  onApply: (filters: SearchFilters) => void;
  onRemove: (key: FilterKey) => void;
}) {
  const { t } = useTranslation();
  const { facets, filters } = result;
  const legs = result.request.origin_destinations;
  const maxStops = Math.max(0, ...facets.stops);
  const stopChoices = ['any', ...Array.from({ length: Math.min(maxStops, 2) + 1 }, (_, n) => String(n))];
  const setList = (key: 'carriers' | 'fare_families', values: string[]) =>
    values.length === 0 ? onRemove(key) : onApply({ [key]: values });

  return (
    <Stack gap="md" aria-label={t('search.filters.title')} component="section">
      <Title order={2} size="h5">
        {t('search.filters.title')}
      </Title>
      <Section title={t('search.filters.stops')}>
        <Radio.Group
          value={filters.max_stops === undefined ? 'any' : String(filters.max_stops)}
          onChange={(value) => (value === 'any' ? onRemove('max_stops') : onApply({ max_stops: Number(value) }))}
        >
          <Stack gap={6}>
            {stopChoices.map((choice) => (
              <Radio key={choice} value={choice} label={t(`search.filters.maxStops.${choice}`)} />
            ))}
          </Stack>
        </Radio.Group>
      </Section>
      {facets.carriers.length > 1 && (
        <Section title={t('search.filters.carriers')}>
          <Checkbox.Group value={filters.carriers ?? []} onChange={(values) => setList('carriers', values)}>
            <Stack gap={6}>
              {facets.carriers.map((carrier) => (
                <Checkbox key={carrier.code} value={carrier.code} label={`${carrier.name} (${carrier.code})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Section>
      )}
      {facets.price && (
        <PriceFilter
          key={JSON.stringify(filters.price ?? null)}
          min={facets.price.min.amount}
          max={facets.price.max.amount}
          filters={filters}
          onApply={onApply}
        />
      )}
      <Switch
        label={t('search.filters.baggageIncluded')}
        disabled={!facets.baggage_available && !filters.baggage_included}
        checked={filters.baggage_included === true}
        onChange={(event) =>
          event.currentTarget.checked ? onApply({ baggage_included: true }) : onRemove('baggage_included')
        }
      />
      {facets.fare_families.length > 1 && (
        <Section title={t('search.filters.fareFamilies')}>
          <Checkbox.Group value={filters.fare_families ?? []} onChange={(values) => setList('fare_families', values)}>
            <Stack gap={6}>
              {facets.fare_families.map((family) => (
                <Checkbox key={family} value={family} label={family} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Section>
      )}
      <Section title={t('search.filters.departure')}>
        <TimeWindowFilter
          legs={legs}
          windows={filters.departure_windows ?? []}
          label={(leg) => t('search.filters.departFrom', { airport: leg.origin })}
          onApply={(windows) =>
            windows.length ? onApply({ departure_windows: windows }) : onRemove('departure_windows')
          }
        />
      </Section>
      <Section title={t('search.filters.arrival')}>
        <TimeWindowFilter
          legs={legs}
          windows={filters.arrival_windows ?? []}
          label={(leg) => t('search.filters.arriveAt', { airport: leg.destination })}
          onApply={(windows) => (windows.length ? onApply({ arrival_windows: windows }) : onRemove('arrival_windows'))}
        />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Divider />
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Whole euros; the facet's ends are rounded outwards so the cheapest and dearest stay in. */
function PriceFilter({
  min,
  max,
  filters,
  onApply,
}: {
  min: string;
  max: string;
  filters: SearchFilters;
  onApply: (filters: SearchFilters) => void;
}) {
  const { t } = useTranslation();
  const low = Math.floor(Number(min));
  const high = Math.max(Math.ceil(Number(max)), low + 1);
  const initial: [number, number] = [
    filters.price?.min !== undefined ? Math.max(low, Math.floor(Number(filters.price.min))) : low,
    filters.price?.max !== undefined ? Math.min(high, Math.ceil(Number(filters.price.max))) : high,
  ];
  const [range, setRange] = useState(initial);
  return (
    <Section title={t('search.filters.price')}>
      <Text size="sm" fw={600}>
        {range[0]} – {range[1]} EUR
      </Text>
      <RangeSlider
        min={low}
        max={high}
        value={range}
        onChange={setRange}
        onChangeEnd={([from, to]) => onApply({ price: { min: `${from}.00`, max: `${to}.00` } })}
        thumbFromLabel={t('search.filters.priceFrom')}
        thumbToLabel={t('search.filters.priceTo')}
      />
    </Section>
  );
}
