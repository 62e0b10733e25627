// Who flies and in which cabin. The limits are the contract's: one to nine adults, at most nine
// seats in all (infants sit on a lap and take none, but still count towards the nine).
import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maxSeats, type DraftErrors, type SearchDraft } from '../search-draft';

type PassengerKey = 'adults' | 'children' | 'infants';

export function PassengerFields({
  draft,
  errors,
  onChange,
}: {
  draft: SearchDraft;
  errors: DraftErrors;
  onChange: (draft: SearchDraft, field: string) => void;
}) {
  const { t } = useTranslation();
  const count = (key: PassengerKey, min: number) => (
    <NumberInput
      label={t(`search.form.${key}`)}
      min={min}
      max={maxSeats}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      value={draft[key]}
      error={errors[`/passengers/${key}`]}
      onChange={(value) => onChange({ ...draft, [key]: typeof value === 'number' ? value : min }, `/passengers/${key}`)}
    />
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {count('adults', 1)}
      {count('children', 0)}
      {count('infants', 0)}
      <Select
        label={t('search.form.cabin')}
        allowDeselect={false}
        value={draft.cabin}
        error={errors['/cabin']}
        data={[
          { value: 'economy', label: t('search.cabin.economy') },
          { value: 'business', label: t('search.cabin.business') },
        ]}
        onChange={(value) =>
          value && onChange({ ...draft, cabin: value === 'business' ? 'business' : 'economy' }, '/cabin')
        }
      />
    </SimpleGrid>
  );
}
