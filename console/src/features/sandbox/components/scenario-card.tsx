// One scenario of the catalogue: its trigger (route and date, or surname), what happens, and "Try
// it": the ready search runs in test mode and the outcome shows here, with the search opened in the
// search screen; a surname scenario then books the first fare with that surname.
import type { Booking, SandboxScenario, SearchResult } from '@contrail/sdk';
import { useCreateBooking, useSearchOffers } from '@contrail/sdk/react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { durationText, useSandboxTexts } from '../texts';

/** The search screen's address for the scenario's search (features/search/search-address.ts). */
const searchAddress = (s: SandboxScenario) =>
  `/search?trip=oneWay&legs=${s.origin}-${s.destination}-${s.departure_date}&adt=1&cabin=economy`;

export function ScenarioCard({ scenario }: { scenario: SandboxScenario }) {
  const { t } = useSandboxTexts();
  const { t: tMain } = useTranslation();
  const [language] = useLanguage();
  const texts = scenario.texts[language];
  const [result, setResult] = useState<SearchResult | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const search = useSearchOffers({ mutation: { onSuccess: setResult } });
  const book = useCreateBooking({ mutation: { onSuccess: setBooking } });
  const tryIt = () => {
    setResult(null);
    setBooking(null);
    search.mutate({ data: scenario.search });
  };
  const firstFare = result?.offers[0]?.fares[0];
  const bookWithSurname = () => {
    if (!result || !firstFare || !scenario.surname) return;
    book.mutate({
      data: {
        search_result_id: result.id,
        fare_id: firstFare.fare_id,
        passengers: [
          { type: 'ADT', first_name: 'Test', last_name: scenario.surname, title: 'MR', birthdate: '1985-03-14' },
        ],
        contacts: { email: 'sandbox@example.com', phone: '+48 600 100 200' },
      },
    });
  };
  const failed = result?.meta.channels.filter((c) => c.status !== 'ok').map((c) => c.carrier) ?? [];
  const titleId = `scenario-${scenario.id}`;

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId} data-scenario={scenario.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={titleId}>
            {texts.title}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(`scenarios.stage.${scenario.stage}`)}
          </Badge>
        </Group>
        <Text size="sm">{texts.outcome}</Text>
        <Text size="sm" c="gray.8">
          {scenario.surname
            ? t('scenarios.surname', { surname: scenario.surname })
            : t('scenarios.route', {
                origin: scenario.origin,
                destination: scenario.destination,
                date: scenario.departure_date,
              })}
        </Text>
        {scenario.after_seconds !== null && (
          <Text size="sm" c="gray.8">
            {t('scenarios.after', { duration: durationText(t, scenario.after_seconds) })}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="sm"
            onClick={tryIt}
            loading={search.isPending}
            aria-label={t('scenarios.tryItLabel', { title: texts.title })}
          >
            {t('scenarios.tryIt')}
          </Button>
          {scenario.surname && result && (
            <Button
              size="sm"
              variant="outline"
              onClick={bookWithSurname}
              loading={book.isPending}
              disabled={!firstFare}
            >
              {t('scenarios.book', { surname: scenario.surname })}
            </Button>
          )}
        </Group>
        <Stack gap={4} role="status" aria-live="polite">
          {search.isPending && <Text size="sm">{t('scenarios.running')}</Text>}
          {result && (
            <Text size="sm" data-testid="scenario-outcome">
              {result.meta.total_offers > 0
                ? t('scenarios.offers', { count: result.meta.total_offers })
                : t('scenarios.noOffers')}{' '}
              {failed.length > 0 && t('scenarios.failedChannels', { carriers: failed.join(', ') })}{' '}
              <Anchor href={searchAddress(scenario)} size="sm">
                {t('scenarios.openSearch')}
              </Anchor>
            </Text>
          )}
          {result && scenario.surname && !firstFare && <Text size="sm">{t('scenarios.nothingToBook')}</Text>}
          {booking && (
            <Text size="sm" data-testid="scenario-booking">
              {t('scenarios.booked', { locator: booking.locator, status: tMain(`bookings.status.${booking.status}`) })}{' '}
              <Anchor href={`/bookings?locator=${booking.locator}`} size="sm">
                {t('scenarios.openBooking', { locator: booking.locator })}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
