// The details tab: a changed price first (the airline re-priced the fare just now), then the
// price, flights with their booking classes, baggage, change and refund penalties, fare rules.
import type { Allowance, OfferDetails, PenaltyTerm } from '@contrail/sdk';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { JourneyLine } from './journey-line';

export function FareDetails({ details }: { details: OfferDetails }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { fare, offer } = details;
  const money = (value: { amount: string; currency: string }) => formatMoney(value, language);
  const penalty = (term: PenaltyTerm) =>
    !term.allowed ? t('search.details.notAllowed') : term.fee ? money(term.fee) : t('search.details.free');
  const allowance = (bags: Allowance) =>
    bags.pieces === 0
      ? t('search.details.none')
      : t('search.details.pieces', { count: bags.pieces, kg: bags.weight_kg });
  const segments = new Map(fare.fare_segments.map((segment) => [segment.flight_id, segment]));

  return (
    <Stack gap="lg">
      {details.price_changed && (
        <Alert color="orange" variant="light" title={t('search.details.priceChanged')} role="alert">
          {t('search.details.priceChangedText', { before: money(details.previous_price), now: money(fare.price) })}
        </Alert>
      )}
      {details.warnings.map((warning) => (
        // The airline's own remarks: worth reading, not urgent, so not announced as alerts.
        <Alert key={warning} color="yellow" variant="light" role="note">
          {warning}
        </Alert>
      ))}
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="sm" c="gray.7">
            {offer.owner.name} · {t(`search.cabin.${fare.cabin}`)}
            {fare.fare_type !== 'public' && ` · ${t(`search.fareType.${fare.fare_type}`)}`}
          </Text>
          <Text fw={700} size="xl" data-testid="details-price">
            {money(fare.price)}
          </Text>
        </Stack>
        <Text size="sm" c="gray.7" ta="right">
          {fare.payment_time_limit
            ? t('search.details.payBy', { time: formatDateTime(fare.payment_time_limit, language) })
            : t('search.details.instantPayment')}
        </Text>
      </Group>

      <Block title={t('search.details.price')}>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {fare.price_detail.passengers.map((row) => (
              <Table.Tr key={row.type}>
                <Table.Td>{t(`search.passengerType.${row.type}`, { count: row.count })}</Table.Td>
                <Table.Td ta="right">{`${row.count} × ${money(row.total)}`}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td c="gray.7">{t('search.details.base')}</Table.Td>
              <Table.Td ta="right">{money(fare.price_detail.base)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="gray.7">{t('search.details.taxes')}</Table.Td>
              <Table.Td ta="right">{money(fare.price_detail.taxes)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Block>

      <Block title={t('search.details.flights')}>
        {offer.origin_destinations.map((journey, index) => (
          <Stack key={index} gap={4}>
            <JourneyLine journey={journey} showFlights />
            <Group gap={4}>
              {journey.flights.map((flight) => {
                const segment = segments.get(flight.id);
                return segment ? (
                  <Badge key={flight.id} variant="light" color="gray" tt="none">
                    {t('search.details.bookingClass', {
                      flight: flight.flight_number,
                      code: segment.booking_class,
                      basis: segment.fare_basis,
                      seats: segment.seats_left,
                    })}
                  </Badge>
                ) : null;
              })}
            </Group>
          </Stack>
        ))}
      </Block>

      <Block title={t('search.details.baggageAndPenalties')}>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            <Row label={t('search.details.checked')} value={allowance(fare.baggage.checked)} />
            <Row label={t('search.details.carryOn')} value={allowance(fare.baggage.carry_on)} />
            <Row label={t('search.details.change')} value={penalty(fare.penalty.change)} />
            <Row label={t('search.details.refund')} value={penalty(fare.penalty.refund)} />
          </Table.Tbody>
        </Table>
      </Block>

      {details.fare_rules.length > 0 && (
        <Block title={t('search.details.fareRules')}>
          {details.fare_rules.map((rule, index) => (
            <Stack key={index} gap={0}>
              <Text size="sm" fw={600}>
                {t(`search.ruleCategory.${rule.category}`)}
              </Text>
              <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line' }}>
                {rule.text}
              </Text>
            </Stack>
          ))}
        </Block>
      )}
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Td c="gray.7">{label}</Table.Td>
      <Table.Td ta="right">{value}</Table.Td>
    </Table.Tr>
  );
}
