// The work on the newest terminal entry: an availability or fare entry's search (sent as it
// arrived, on the channels the extension may use: the server decides from the credential) shown as
// offers; the PNR's names and contact entries fill the passengers. Then: a fare is booked, the booking issued, voided,
// cancelled or refunded, and its PNR entries offered back to the terminal.
import type { Booking, ContrailClient, Fare, SearchResult } from '@contrail/sdk';
import { Alert, Code, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n/languages';
import { BookForm } from './book-form';
import { errorText } from './error-text';
import { BookingCard } from './booking-card';
import { OffersView } from './offers-view';
import type { Searchable, TerminalInput } from './use-recognitions';

/** Where an entry's time went, from its text appearing on the page (wall clock, ms) to its offers drawn. */
interface SearchTiming {
  seenAt: number;
  parseMs: number;
  receivedAt: number;
  searchStartedAt: number;
  searchEndedAt: number;
  searchMs: number;
}

export function TerminalWork(props: { input: TerminalInput | null; client: ContrailClient; language: Language }) {
  const { client, input, language } = props;
  const { t } = useTranslation();
  const [entry, setEntry] = useState<Searchable | null>(null);
  const [result, setResult] = useState<SearchResult | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fare, setFare] = useState<Fare | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [timing, setTiming] = useState<SearchTiming | null>(null);
  const passengers = input?.passengers ?? [];
  const contact = input?.contact ?? {};

  // The search was sent when the entry arrived (use-recognitions.ts); here it is followed to its offers.
  useLayoutEffect(() => {
    if (!input) return;
    const search = input.search;
    if (!search) {
      if (input.message.dialect === null && input.message.recognitions.length === 0)
        setError(t('terminal.notRecognised'));
      return;
    }
    setEntry(search.entry);
    setFare(null);
    setBooking(null);
    setResult(null);
    setError(null);
    if (!search.answer) {
      setError(t('terminal.noDate'));
      return;
    }
    let live = true;
    setSearching(true);
    search.answer.then(
      (found) => {
        if (!live) return;
        setTiming({
          seenAt: input.message.seenAt,
          parseMs: input.message.parseMs,
          receivedAt: input.receivedAt,
          searchStartedAt: search.startedAt,
          searchEndedAt: Date.now(),
          searchMs: performance.now() - search.started,
        });
        setResult(found);
        setSearching(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(errorText(e));
        setSearching(false);
      },
    );
    return () => {
      live = false;
    };
  }, [input, t]);

  // Offers are on screen, taken in the frame after their render so drawing counts: the moment the
  // overhead measure ends (tests/bench/extension-overhead.ts).
  useLayoutEffect(() => {
    if (!result || !timing) return;
    const frame = requestAnimationFrame(() =>
      performance.mark('contrail:offers-shown', {
        detail: { ...timing, shownAt: Date.now(), offers: result.offers.length },
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [result, timing]);

  if (!input && !booking)
    return (
      <Text size="sm" c="dimmed" data-testid="panel-waiting">
        {t('terminal.waiting')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {entry && (
        <Text size="xs">
          {t('terminal.entry')}: <Code data-testid="panel-entry">{entry.entry}</Code>
          {entry.kind === 'availability' && entry.connections.length > 0 && (
            <> · {t('terminal.connections', { points: entry.connections.join(', ') })}</>
          )}
        </Text>
      )}
      {passengers.length > 0 && (
        <Text size="xs" data-testid="panel-pnr-names">
          {t('terminal.passengers', { names: passengers.map((p) => `${p.lastName}/${p.firstName}`).join(', ') })}
        </Text>
      )}
      {(contact.email || contact.phone) && (
        <Text size="xs">
          {t('terminal.contact', { contact: [contact.email, contact.phone].filter(Boolean).join(', ') })}
        </Text>
      )}
      {error && (
        <Alert color="red" p="xs" data-testid="panel-error">
          {error}
        </Alert>
      )}
      {searching && (
        <Text size="sm">
          <Loader size="xs" /> {t('offers.searching')}
        </Text>
      )}
      {booking ? (
        <BookingCard
          client={client}
          booking={booking}
          onChange={setBooking}
          dialect={entry?.dialect ?? input?.message.dialect ?? 'amadeus'}
          tabId={input?.tabId ?? null}
          language={language}
        />
      ) : fare && result ? (
        <BookForm
          client={client}
          result={result}
          fare={fare}
          passengers={passengers}
          contact={contact}
          language={language}
          onBooked={setBooking}
          onBack={() => setFare(null)}
        />
      ) : (
        result && <OffersView result={result} language={language} onChoose={setFare} />
      )}
    </Stack>
  );
}
