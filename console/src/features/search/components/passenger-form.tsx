// One passenger of the booking form: title, names as on the travel document and birthdate; the
// type comes from the search and is shown, not chosen. Where the airline requires advance passenger
// data (the fare's passenger_requirements), gender and the travel document too. Errors sit under
// their fields.
import type { PassengerRequirements } from '@contrail/sdk';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  documentTypes,
  passengerGenders,
  passengerTitles,
  today,
  type BookingErrors,
  type DocumentDraft,
  type PassengerDraft,
  type PassengerField,
} from '../booking-draft';

export function PassengerForm({
  index,
  passenger,
  requirements,
  errors,
  onChange,
}: {
  index: number;
  passenger: PassengerDraft;
  requirements: PassengerRequirements;
  errors: BookingErrors;
  onChange: (passenger: PassengerDraft, field: PassengerField) => void;
}) {
  const { t } = useTranslation();
  const at = (key: string) => errors[`/passengers/${index}/${key}`];
  const doc = passenger.identity_document;
  const changeDocument = (next: Partial<DocumentDraft>, key: keyof DocumentDraft) =>
    onChange({ ...passenger, identity_document: { ...doc, ...next } }, `identity_document/${key}`);
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
        {requirements.gender ? (
          <Select
            label={t('search.book.gender')}
            required
            value={passenger.gender || null}
            error={at('gender')}
            data={passengerGenders.map((gender) => ({ value: gender, label: t(`search.book.genders.${gender}`) }))}
            onChange={(value) =>
              onChange({ ...passenger, gender: passengerGenders.find((gender) => gender === value) ?? '' }, 'gender')
            }
          />
        ) : null}
        {requirements.identity_document ? (
          <>
            <Select
              label={t('search.book.documentType')}
              required
              allowDeselect={false}
              value={doc.type}
              error={at('identity_document/type')}
              data={documentTypes.map((type) => ({ value: type, label: t(`search.book.documentTypes.${type}`) }))}
              onChange={(value) =>
                changeDocument({ type: documentTypes.find((type) => type === value) ?? 'passport' }, 'type')
              }
            />
            <TextInput
              label={t('search.book.documentNumber')}
              required
              maxLength={20}
              autoComplete="off"
              value={doc.number}
              // The server names a missing document as a whole: shown on its first field.
              error={at('identity_document/number') ?? at('identity_document')}
              onChange={(e) => changeDocument({ number: e.currentTarget.value }, 'number')}
            />
            <TextInput
              label={t('search.book.issuingCountry')}
              description={t('search.book.countryHint')}
              required
              maxLength={2}
              autoComplete="off"
              value={doc.issuing_country}
              error={at('identity_document/issuing_country')}
              onChange={(e) =>
                changeDocument({ issuing_country: e.currentTarget.value.toUpperCase() }, 'issuing_country')
              }
            />
            <TextInput
              label={t('search.book.nationality')}
              description={t('search.book.countryHint')}
              required
              maxLength={2}
              autoComplete="off"
              value={doc.nationality}
              error={at('identity_document/nationality')}
              onChange={(e) => changeDocument({ nationality: e.currentTarget.value.toUpperCase() }, 'nationality')}
            />
            <TextInput
              type="date"
              label={t('search.book.documentExpiry')}
              required
              min={today()}
              value={doc.expiry_date}
              error={at('identity_document/expiry_date')}
              onChange={(e) => changeDocument({ expiry_date: e.currentTarget.value }, 'expiry_date')}
            />
          </>
        ) : null}
      </SimpleGrid>
    </Fieldset>
  );
}
