// An airport field: type a code, a city or an airport's name and pick from GET /airports?query=.
// What is typed stays as typed (a bare "WAW" is enough); a pick fills "WAW — Warsaw, Chopin".
import { useListAirports } from '@contrail/sdk/react';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

const minQuery = 2;

export function AirportInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [query] = useDebouncedValue(value.trim(), 200);
  const airports = useListAirports(
    { query, per_page: 8 },
    // A failed suggestion list is no reason for a notice: the field still takes a typed code.
    { query: { enabled: query.length >= minQuery && !query.includes('—'), meta: { silentErrors: true } } },
  );
  const data = (airports.data?.data ?? []).map((airport) => `${airport.code} — ${airport.city}, ${airport.name}`);
  return (
    <Autocomplete
      label={label}
      placeholder={t('search.form.airportPlaceholder')}
      value={value}
      onChange={onChange}
      data={data}
      filter={({ options }) => options}
      error={error}
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
      withAsterisk
    />
  );
}
