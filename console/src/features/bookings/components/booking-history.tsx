// The booking's history, oldest first: who did what and when, and what the airline answered.
import { useListBookingHistory } from '@contrail/sdk/react';
import { Center, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { formatDateTime, useLanguage } from '../../../lib/i18n';

export function BookingHistory({ locator }: { locator: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const me = useCurrentAccount().data?.id;
  const history = useListBookingHistory(locator, { per_page: 100 });
  if (!history.data)
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  const entries = history.data.data;
  if (entries.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('bookings.history.empty')}
      </Text>
    );
  return (
    <Timeline bulletSize={12} lineWidth={2} active={entries.length - 1}>
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.id}
          title={
            <Text size="sm" fw={600}>
              {t(`bookings.history.actions.${entry.action}`, { defaultValue: entry.action })}
            </Text>
          }
        >
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {formatDateTime(entry.created_at, language)} ·{' '}
              {entry.actor_account_id === null
                ? t('bookings.history.system')
                : entry.actor_account_id === me
                  ? t('bookings.history.you')
                  : t('bookings.history.colleague')}
            </Text>
            {entry.detail && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {entry.detail}
              </Text>
            )}
            {entry.airline_answer && (
              <Text size="sm" c="gray.8" fs="italic">
                {t('bookings.history.airlineSaid', { text: entry.airline_answer })}
              </Text>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
