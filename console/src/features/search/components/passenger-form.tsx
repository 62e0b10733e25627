// One passenger of the booking form: title, names as on the travel document and birthdate; the
// type comes from the search and is shown, not chosen. Errors sit under their fields.
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passengerTitles, today, type BookingErrors, type PassengerDraft } from '../booking-draft';

export function PassengerForm({
  index,
  passenger,
  errors,
  onChange,
}: {
  index: number;
  passenger: PassengerDraft;
  errors: BookingErrors;
  onChange: (passenger: PassengerDraft, field: keyof PassengerDraft) => void;
}) {
  const { t } = useTranslation();
  const at = (key: string) => errors[`/passengers/${index}/${key}`];
  return (
    <Fieldset
      legend={t('search.book.passenger', {
        number: index + 1,
        type: t(`search.passengerType.${passenger.type}`),
      })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('search.book.honorific')}
          placeholder={t('search.book.honorificNone')}
          clearable
          value={passenger.title || null}
          error={at('title')}
          data={passengerTitles.map((title) => ({ value: title, label: t(`search.book.honorifics.${title}`) }))}
          onChange={(value) =>
            onChange({ ...passenger, title: passengerTitles.find((title) => title === value) ?? '' }, 'title')
          }
        />
        <TextInput
          type="date"
          label={t('search.book.birthdate')}
          required
          max={today()}
          value={passenger.birthdate}
          error={at('birthdate')}
          onChange={(e) => onChange({ ...passenger, birthdate: e.currentTarget.value }, 'birthdate')}
        />
        <TextInput
          label={t('search.book.firstName')}
          description={t('search.book.asOnDocument')}
          required
          maxLength={60}
          autoComplete="off"
          value={passenger.first_name}
          error={at('first_name')}
          onChange={(e) => onChange({ ...passenger, first_name: e.currentTarget.value }, 'first_name')}
        />
        <TextInput
          label={t('search.book.lastName')}
          description={t('search.book.asOnDocument')}
          required
          maxLength={60}
          autoComplete="off"
          value={passenger.last_name}
          error={at('last_name')}
          onChange={(e) => onChange({ ...passenger, last_name: e.currentTarget.value }, 'last_name')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
