// The parts of a flight change: the journeys with a new date each (only those ticked move), and the
// airline's alternatives, each with its flights and what it costs: price difference, the airline's
// penalty, the agency's fee and the total due.
import type { Booking, ChangeAlternative } from '@contrail/sdk';
import { Checkbox, Group, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFlightDay, formatFlightSpan, formatMoney, useLanguage } from '../../../lib/i18n';
import { journeysOf, travelDays } from '../booking-format';

/** A journey's new date, or `''` while the journey stays. */
export type JourneyDates = Record<number, string>;

export function JourneyDateFields({
  booking,
  dates,
  minDate,
  onChange,
}: {
  booking: Booking;
  dates: JourneyDates;
  minDate: string;
  onChange: (dates: JourneyDates) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const days = travelDays(booking.segments);
  return (
    <Stack gap="sm">
      {journeysOf(booking.segments).map((airports, index) => {
        const on = dates[index] !== undefined;
        const route = airports.join('–');
        return (
          <Group key={index} align="flex-end" gap="sm" wrap="nowrap">
            <Checkbox
              label={t('bookings.exchange.journey', {
                route,
                date: days[index] ? formatFlightDay(days[index], language) : '',
              })}
              checked={on}
              onChange={(e) => {
                const next = { ...dates };
                if (e.currentTarget.checked) next[index] = '';
                else delete next[index];
                onChange(next);
              }}
              style={{ flex: 1 }}
              mb={8}
            />
            <TextInput
              type="date"
              label={t('bookings.exchange.newDate', { route })}
              min={minDate}
              disabled={!on}
              value={dates[index] ?? ''}
              onChange={(e) => onChange({ ...dates, [index]: e.currentTarget.value })}
            />
          </Group>
        );
      })}
    </Stack>
  );
}

export function AlternativeChoice({
  alternatives,
  value,
  onChange,
}: {
  alternatives: ChangeAlternative[];
  value: string | null;
  onChange: (offerId: string) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const money = (m: { amount: string; currency: string }) => formatMoney(m, language);
  return (
    <Radio.Group value={value} onChange={onChange} label={t('bookings.exchange.alternatives')}>
      <Stack gap="xs" mt="xs">
        {alternatives.map((alternative) => (
          <Radio.Card key={alternative.offer_id} value={alternative.offer_id} p="sm" radius="md">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Radio.Indicator mt={4} />
              <Stack gap={4} style={{ flex: 1 }}>
                {alternative.segments.map((s) => (
                  <Text key={`${s.flight_id}-${s.departure_at}`} size="sm">
                    <Text span fw={600} size="sm">
                      {s.flight_number}
                    </Text>{' '}
                    {`${s.origin} → ${s.destination} · ${formatFlightSpan(s.departure_at, s.arrival_at, language)}`}
                  </Text>
                ))}
                <Table fz="xs" withRowBorders={false} verticalSpacing={0} mt={4}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td c="gray.7">{t('bookings.exchange.difference')}</Table.Td>
                      <Table.Td ta="right">{money(alternative.price_difference)}</Table.Td>
                      <Table.Td c="gray.7">{t('bookings.exchange.penalty')}</Table.Td>
                      <Table.Td ta="right">{money(alternative.penalty)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td c="gray.7">{t('bookings.exchange.fee')}</Table.Td>
                      <Table.Td ta="right">{money(alternative.fee)}</Table.Td>
                      <Table.Td c="gray.7" fw={700}>
                        {t('bookings.exchange.totalDue')}
                      </Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {money(alternative.total_due)}
                      </Table.Td>
                    </Table.Tr>
                    {Number(alternative.residual.amount) > 0 && (
                      <Table.Tr>
                        <Table.Td c="gray.7">{t('bookings.exchange.residual')}</Table.Td>
                        <Table.Td ta="right">{money(alternative.residual)}</Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
