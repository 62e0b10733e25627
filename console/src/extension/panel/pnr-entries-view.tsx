// The entries that record the booking in the GDS PNR, in the terminal's dialect: passive segments,
// then remarks (our locator, the airline's, tickets, price). The agent copies them or puts them
// into the terminal's command line with one click; the terminal sends nothing until they press Enter.
import type { Booking } from '@contrail/sdk';
import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flightTime } from '../../lib/i18n';
import { pnrEntries, type Dialect, type GdsBookingRecord } from '../gds';
import type { InsertMessage } from '../messages';

/** What the PNR records of a Contrail booking. */
export function bookingRecord(booking: Booking): GdsBookingRecord {
  const seats = booking.passengers.filter((p) => p.type !== 'INF').length;
  const names = new Map(booking.passengers.map((p) => [p.id, `${p.last_name}/${p.first_name}`]));
  return {
    locator: booking.locator,
    ...(booking.airline_locator ? { airlineLocator: booking.airline_locator } : {}),
    segments: booking.segments.map((s) => ({
      carrier: s.carrier,
      // The API's flight number carries the carrier (`LH1617`); a GDS segment wants the number alone.
      flightNumber: s.flight_number.startsWith(s.carrier) ? s.flight_number.slice(s.carrier.length) : s.flight_number,
      bookingClass: s.booking_class,
      departureDate: s.departure_at.slice(0, 10),
      origin: s.origin,
      destination: s.destination,
      departureTime: flightTime(s.departure_at),
      arrivalTime: flightTime(s.arrival_at),
      seats,
    })),
    tickets: booking.documents
      .filter((d) => d.type === 'ticket')
      .map((d) => ({ number: d.number, passenger: names.get(d.passenger_id) ?? '' })),
    total: booking.price,
  };
}

export function PnrEntriesView({
  booking,
  dialect,
  tabId,
}: {
  booking: Booking;
  dialect: Dialect;
  tabId: number | null;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'copied' | 'inserted' | 'noTerminal' | null>(null);
  let entries: string[];
  try {
    entries = pnrEntries(dialect, bookingRecord(booking));
  } catch (error) {
    // A booking the dialect cannot express is shown, not a broken panel.
    return (
      <Alert color="orange" p="xs" data-testid="panel-error">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
    );
  }
  const copy = async () => {
    await navigator.clipboard.writeText(entries.join('\n'));
    setState('copied');
  };
  const insert = async () => {
    const target = tabId ?? (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.id;
    const message: InsertMessage = { type: 'terminal.insert', entries };
    const answer = target === undefined ? null : await chrome.tabs.sendMessage(target, message).catch(() => null);
    setState((answer as { inserted?: boolean } | null)?.inserted ? 'inserted' : 'noTerminal');
  };
  return (
    <Paper withBorder p="xs" data-testid="panel-pnr-entries">
      <Stack gap={4}>
        <Title order={2} size="h6">
          {t('pnr.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('pnr.hint')}
        </Text>
        <Code block data-testid="panel-pnr-text">
          {entries.join('\n')}
        </Code>
        <Group gap={4}>
          <Button size="compact-xs" onClick={() => void insert()}>
            {t('pnr.insertAll')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => void copy()}>
            {t('pnr.copy')}
          </Button>
          {state && (
            <Text size="xs" c={state === 'noTerminal' ? 'red' : 'green'} data-testid="panel-pnr-state">
              {state === 'copied' ? t('pnr.copied') : state === 'inserted' ? t('pnr.inserted') : t('pnr.noTerminal')}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
