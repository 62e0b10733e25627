// Booking a fare: the passengers (prefilled from the PNR's name entries, as many as the search's
// party) and the contacts (from the PNR's contact entries), then the same createBooking call as the
// console, with the same rules on the server.
import {
  BookingPassengerInputTitle,
  type Booking,
  type BookingPassengerInput,
  type ContrailClient,
  type Fare,
  type SearchResult,
} from '@contrail/sdk';
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/i18n';
import type { Language } from '../../lib/i18n/languages';
import type { RecognisedPassenger } from '../gds';
import { errorText } from './error-text';

const titles = Object.values(BookingPassengerInputTitle);

interface Props {
  client: ContrailClient;
  result: SearchResult;
  fare: Fare;
  passengers: RecognisedPassenger[];
  contact: { phone?: string; email?: string };
  language: Language;
  onBooked: (booking: Booking) => void;
  onBack: () => void;
}

export function BookForm({ client, result, fare, passengers, contact, language, onBooked, onBack }: Props) {
  const { t } = useTranslation();
  const party = result.request.passengers;
  const kinds: BookingPassengerInput['type'][] = [
    ...Array<BookingPassengerInput['type']>(party.adults).fill('ADT'),
    ...Array<BookingPassengerInput['type']>(party.children).fill('CHD'),
    ...Array<BookingPassengerInput['type']>(party.infants).fill('INF'),
  ];
  const [rows, setRows] = useState(() => {
    const unused = [...passengers];
    return kinds.map((type) => {
      const at = unused.findIndex((p) => p.type === type);
      const from = at >= 0 ? unused.splice(at, 1)[0] : undefined;
      const title = titles.find((known) => known === from?.title);
      return {
        type,
        first_name: from?.firstName ?? '',
        last_name: from?.lastName ?? '',
        birthdate: from?.birthDate ?? '',
        ...(title ? { title } : {}),
      };
    });
  });
  const [email, setEmail] = useState(contact.email ?? '');
  const [phone, setPhone] = useState(contact.phone ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (i: number, field: 'first_name' | 'last_name' | 'birthdate', value: string) =>
    setRows((now) => now.map((row, j) => (j === i ? { ...row, [field]: value } : row)));
  const book = async () => {
    setBusy(true);
    setError(null);
    try {
      onBooked(
        await client.createBooking({
          search_result_id: result.id,
          fare_id: fare.fare_id,
          passengers: rows,
          contacts: { email, phone },
        }),
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="xs" data-testid="panel-book-form">
      <Stack gap={6}>
        <Title order={2} size="h6">
          {t('passengers.title')} · {fare.fare_family.name}
        </Title>
        {rows.map((row, i) => (
          <Group key={i} gap={4} grow wrap="nowrap">
            <TextInput
              size="xs"
              label={t('passengers.lastName')}
              value={row.last_name}
              onChange={(e) => set(i, 'last_name', e.currentTarget.value)}
            />
            <TextInput
              size="xs"
              label={t('passengers.firstName')}
              value={row.first_name}
              onChange={(e) => set(i, 'first_name', e.currentTarget.value)}
            />
            <TextInput
              size="xs"
              type="date"
              label={t('passengers.birthdate')}
              value={row.birthdate}
              onChange={(e) => set(i, 'birthdate', e.currentTarget.value)}
            />
          </Group>
        ))}
        <Group gap={4} grow wrap="nowrap">
          <TextInput
            size="xs"
            label={t('passengers.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            size="xs"
            label={t('passengers.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
        </Group>
        {error && (
          <Alert color="red" p="xs" data-testid="panel-error">
            {error}
          </Alert>
        )}
        <Group gap={4}>
          <Button size="xs" loading={busy} onClick={() => void book()}>
            {t('passengers.confirm', { price: formatMoney(fare.price, language) })}
          </Button>
          <Button size="xs" variant="subtle" onClick={onBack}>
            {t('passengers.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
