// The booking made from the panel, with what the console allows in its status (features/bookings/
// booking-actions.tsx holds the same rules; the server enforces them): a held booking is issued or
// cancelled, an issued one voided inside the void window or refunded on a confirmed quote. Each
// action asks once before it runs. Below, the entries that record it in the GDS PNR.
import type { Booking, ContrailClient, RefundRequest } from '@contrail/sdk';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/i18n';
import type { Language } from '../../lib/i18n/languages';
import type { Dialect } from '../gds';
import { PnrEntriesView } from './pnr-entries-view';
import { errorText } from './error-text';

type Action = 'issue' | 'end';

interface Props {
  client: ContrailClient;
  booking: Booking;
  onChange: (booking: Booking) => void;
  dialect: Dialect;
  tabId: number | null;
  language: Language;
}

export function BookingCard({ client, booking, onChange, dialect, tabId, language }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Action | null>(null);
  const [quote, setQuote] = useState<RefundRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = booking.status === 'new' || booking.status === 'issuing' || booking.status === 'issued';
  const voidable =
    booking.status === 'issued' &&
    booking.tickets_present &&
    booking.cancel_before !== null &&
    Date.parse(booking.cancel_before) > Date.now();

  // Issuing may finish after the answer: follow it until the tickets are there.
  useEffect(() => {
    if (booking.status !== 'issuing') return;
    const timer = setTimeout(() => void client.getBooking(booking.locator).then(onChange, () => undefined), 1500);
    return () => clearTimeout(timer);
  }, [booking, client, onChange]);

  const run = async (call: () => Promise<Booking | RefundRequest>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      if ('refund' in answer) setQuote(answer);
      else {
        setQuote(null);
        onChange(answer);
      }
      setAsking(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const tickets = booking.documents.filter((d) => d.type === 'ticket').map((d) => d.number);

  return (
    <Stack gap="xs">
      <Paper withBorder p="xs" data-testid="panel-booking" data-status={booking.status}>
        <Stack gap={4}>
          <Title order={2} size="h6">
            {t('booking.title', { locator: booking.locator })}
          </Title>
          <Text size="xs" data-testid="panel-booking-status">
            {t('booking.status', { status: booking.status })} · {formatMoney(booking.price, language)}
          </Text>
          {booking.time_limit && booking.status === 'new' && (
            <Text size="xs" c="red">
              {t('booking.timeLimit', { time: formatDateTime(booking.time_limit, language) })}
            </Text>
          )}
          {booking.airline_locator && (
            <Text size="xs">{t('booking.airlineLocator', { locator: booking.airline_locator })}</Text>
          )}
          {tickets.length > 0 && (
            <Text size="xs" data-testid="panel-tickets">
              {t('booking.tickets', { numbers: tickets.join(', ') })}
            </Text>
          )}
          {error && (
            <Alert color="red" p="xs" data-testid="panel-error">
              {error}
            </Alert>
          )}
          {!open && <Text size="xs">{t('booking.ended')}</Text>}
          {asking ? (
            <Group gap={4}>
              <Text size="xs">
                {asking === 'issue'
                  ? t('booking.confirmIssue', { price: formatMoney(booking.price, language) })
                  : t('booking.confirmEnd')}
              </Text>
              <Button
                size="compact-xs"
                color={asking === 'end' ? 'red' : undefined}
                loading={busy}
                onClick={() =>
                  void run(() =>
                    asking === 'issue'
                      ? client.issueBooking({ locator: booking.locator, reshop: false })
                      : client.cancelBooking(booking.locator),
                  )
                }
              >
                {t('booking.yes')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setAsking(null)}>
                {t('booking.no')}
              </Button>
            </Group>
          ) : (
            <Group gap={4}>
              {booking.status === 'new' && (
                <Button size="compact-xs" onClick={() => setAsking('issue')}>
                  {t('booking.issue', { price: formatMoney(booking.price, language) })}
                </Button>
              )}
              {booking.status === 'new' && (
                <Button size="compact-xs" variant="light" color="red" onClick={() => setAsking('end')}>
                  {t('booking.cancel')}
                </Button>
              )}
              {voidable && (
                <Button size="compact-xs" variant="light" color="red" onClick={() => setAsking('end')}>
                  {t('booking.void')}
                </Button>
              )}
              {booking.status === 'issued' && !quote && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  loading={busy}
                  onClick={() => void run(() => client.createRefundRequest(booking.locator, {}))}
                >
                  {t('booking.refund')}
                </Button>
              )}
              {booking.status === 'issued' && quote && (
                <Button
                  size="compact-xs"
                  color="red"
                  loading={busy}
                  onClick={() =>
                    void run(() => client.confirmRefundRequest(booking.locator, { refund_request_id: quote.id }))
                  }
                >
                  {t('booking.confirmRefund', { amount: formatMoney(quote.refund, language) })}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      {open && <PnrEntriesView booking={booking} dialect={dialect} tabId={tabId} />}
    </Stack>
  );
}
