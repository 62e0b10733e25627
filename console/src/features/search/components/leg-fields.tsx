// One leg of the form: from, to and the date, with any error beside its field. `pointer` is the
// leg's place in the request (`/origin_destinations/0`), which server errors point at.
import { CloseButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftErrors, LegDraft } from '../search-draft';
import { AirportInput } from './airport-input';

export function LegFields({
  leg,
  index,
  errors,
  minDate,
  onChange,
  onRemove,
  returnDate,
  titled = false,
}: {
  leg: LegDraft;
  index: number;
  errors: DraftErrors;
  minDate: string;
  onChange: (leg: LegDraft, field: string) => void;
  onRemove?: () => void;
  /** A return trip's second date, shown beside the first. */
  returnDate?: { value: string; onChange: (value: string) => void };
  /** Multi-city legs are numbered, so the fields read as one flight each. */
  titled?: boolean;
}) {
  const { t } = useTranslation();
  const pointer = `/origin_destinations/${index}`;
  return (
    <Stack gap={4}>
      {titled && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700} c="gray.8">
            {t('search.form.legTitle', { number: index + 1 })}
          </Text>
          {onRemove && (
            <CloseButton size="sm" onClick={onRemove} aria-label={t('search.form.removeLeg', { number: index + 1 })} />
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: returnDate ? 4 : 3 }} spacing="sm">
        <AirportInput
          label={t('search.form.origin')}
          value={leg.origin}
          error={errors[`${pointer}/origin`]}
          onChange={(origin) => onChange({ ...leg, origin }, `${pointer}/origin`)}
        />
        <AirportInput
          label={t('search.form.destination')}
          value={leg.destination}
          error={errors[`${pointer}/destination`]}
          onChange={(destination) => onChange({ ...leg, destination }, `${pointer}/destination`)}
        />
        <TextInput
          type="date"
          label={t('search.form.departureDate')}
          min={minDate}
          value={leg.date}
          error={errors[`${pointer}/departure_date`]}
          onChange={(event) => onChange({ ...leg, date: event.currentTarget.value }, `${pointer}/departure_date`)}
          withAsterisk
        />
        {returnDate && (
          <TextInput
            type="date"
            label={t('search.form.returnDate')}
            min={leg.date || minDate}
            value={returnDate.value}
            error={errors['/origin_destinations/1/departure_date']}
            onChange={(event) => returnDate.onChange(event.currentTarget.value)}
            withAsterisk
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
