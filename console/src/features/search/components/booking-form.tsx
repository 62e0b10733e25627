// Booking a fare: one form per passenger of the search (title, names as on the document, birthdate,
// and gender and travel document where the airline requires them;
// the type is the search's) and the contacts, checked here first and then by the server, whose
// errors land beside the fields they point at. A held booking opens at /bookings?locator=….
// When the agency's corporate_number_on switch is on, the customer's corporate number may go with it.
import type { Fare, OfferSearchRequest } from '@contrail/sdk';
import { useCreateBooking } from '@contrail/sdk/react';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { navigate } from '../../../lib/router';
import { useNotify, useNotifyError } from '../../../notifications';
import {
  bookingFieldKeys,
  checkBookingDraft,
  initialBookingDraft,
  toBookingCreate,
  today,
  type BookingDraft,
  type BookingErrors,
  type PassengerDraft,
  type PassengerField,
} from '../booking-draft';
import { splitSearchError } from '../search-errors';
import { PassengerForm } from './passenger-form';

export function BookingForm({
  fare,
  searchResultId,
  request,
  onBack,
}: {
  fare: Fare;
  searchResultId: string;
  request: OfferSearchRequest;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [draft, setDraft] = useState<BookingDraft>(() => initialBookingDraft(request.passengers));
  const [errors, setErrors] = useState<BookingErrors>({});
  const corporateOn = useCurrentAccount().data?.agency?.corporate_number_on === true;
  const [corporateNumber, setCorporateNumber] = useState('');
  const fieldKeys = () => {
    const keys = bookingFieldKeys(draft, fare.passenger_requirements);
    if (corporateOn) keys.add('/corporate_number');
    return keys;
  };

  const book = useCreateBooking({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (booking) => {
        notify({
          type: 'success',
          text: booking.time_limit
            ? t('search.book.held', {
                locator: booking.locator,
                time: formatDateTime(booking.time_limit, language),
              })
            : t('search.book.booked', { locator: booking.locator }),
        });
        navigate(`/bookings?locator=${booking.locator}`);
      },
      onError: (error) => {
        const split = splitSearchError(error, fieldKeys());
        setErrors(split.fields);
        if (split.noticeOnly) notifyError(error);
        else for (const text of split.others) notify({ type: 'error', text });
      },
    },
  });

  const change = (next: BookingDraft, field: string) => {
    setDraft(next);
    if (errors[field] === undefined) return;
    const rest = { ...errors };
    delete rest[field];
    setErrors(rest);
  };
  const changePassenger = (index: number, passenger: PassengerDraft, field: PassengerField) =>
    change(
      { ...draft, passengers: draft.passengers.map((p, i) => (i === index ? passenger : p)) },
      `/passengers/${index}/${field}`,
    );

  const submit = () => {
    const found = checkBookingDraft(
      draft,
      {
        today: today(),
        firstDeparture: request.origin_destinations[0]?.departure_date ?? today(),
        lastDeparture: request.origin_destinations.at(-1)?.departure_date ?? today(),
        requirements: fare.passenger_requirements,
      },
      {
        required: t('search.book.required'),
        latinLetters: t('search.book.latinLetters'),
        email: t('search.book.invalidEmail'),
        phone: t('search.book.invalidPhone'),
        futureBirthdate: t('search.book.futureBirthdate'),
        age: { ADT: t('search.book.age.ADT'), CHD: t('search.book.age.CHD'), INF: t('search.book.age.INF') },
        documentNumber: t('search.book.invalidDocumentNumber'),
        country: t('search.book.invalidCountry'),
        documentExpired: t('search.book.documentExpired'),
      },
    );
    const corporate = corporateNumber.trim();
    if (corporateOn && corporate !== '' && !/^[A-Za-z0-9-]{1,20}$/.test(corporate))
      found['/corporate_number'] = t('search.book.invalidCorporateNumber');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data = toBookingCreate(draft, fare.fare_id, searchResultId, fare.passenger_requirements);
    book.mutate({ data: corporateOn && corporate !== '' ? { ...data, corporate_number: corporate } : data });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.8">
          {t('search.book.lead')}
        </Text>
        {fare.passenger_requirements.identity_document || fare.passenger_requirements.gender ? (
          <Alert color="blue" title={t('search.book.apisTitle')}>
            {t('search.book.apisNote')}
          </Alert>
        ) : null}
        {draft.passengers.map((passenger, index) => (
          <PassengerForm
            key={index}
            index={index}
            passenger={passenger}
            requirements={fare.passenger_requirements}
            errors={errors}
            onChange={(next, field) => changePassenger(index, next, field)}
          />
        ))}
        <Fieldset legend={t('search.book.contacts')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="email"
              label={t('search.book.email')}
              autoComplete="email"
              required
              value={draft.email}
              error={errors['/contacts/email']}
              onChange={(e) => change({ ...draft, email: e.currentTarget.value }, '/contacts/email')}
            />
            <TextInput
              type="tel"
              label={t('search.book.phone')}
              description={t('search.book.phoneHint')}
              autoComplete="tel"
              required
              value={draft.phone}
              error={errors['/contacts/phone']}
              onChange={(e) => change({ ...draft, phone: e.currentTarget.value }, '/contacts/phone')}
            />
          </SimpleGrid>
        </Fieldset>
        {corporateOn && (
          <TextInput
            label={t('search.book.corporateNumber')}
            description={t('search.book.corporateNumberHint')}
            maw={360}
            maxLength={20}
            value={corporateNumber}
            error={errors['/corporate_number']}
            onChange={(e) => {
              setCorporateNumber(e.currentTarget.value);
              change(draft, '/corporate_number');
            }}
          />
        )}
        <Alert variant="light" color="gray">
          {fare.payment_time_limit
            ? t('search.book.holdNote', { time: formatDateTime(fare.payment_time_limit, language) })
            : t('search.book.instantNote')}
        </Alert>
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={book.isPending}>
            {t('search.book.back')}
          </Button>
          <Button type="submit" loading={book.isPending}>
            {t('search.book.submit', { price: formatMoney(fare.price, language) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
