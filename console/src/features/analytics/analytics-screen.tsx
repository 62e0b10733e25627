// The analytics page: a range of issue days (the last 30 by default), the totals, revenue by day,
// documents by carrier and the top agents, all in the caller's scope; then Fare Watch's savings per
// month over the same range.
import '@mantine/charts/styles.css';
import { useGetAnalytics } from '@contrail/sdk/react';
import { Center, Group, Loader, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLanguage } from '../../lib/i18n';
import { DocumentsByCarrier, RevenueByDay, TopAgents } from './components/charts';
import { FareWatchSavings } from './components/fare-watch-savings';
import { Totals } from './components/totals';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function AnalyticsScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(t('analytics.title'));
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(Date.now() - 29 * 86_400_000)),
    to: isoDay(new Date()),
  }));
  const analytics = useGetAnalytics({ date_from: range.from, date_to: range.to });
  const data = analytics.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('analytics.title')}</Title>
        <Group gap="sm">
          <TextInput
            type="date"
            label={t('sales.filters.dateFrom')}
            value={range.from}
            max={range.to}
            onChange={(e) => e.currentTarget.value && setRange({ ...range, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('sales.filters.dateTo')}
            value={range.to}
            min={range.from}
            onChange={(e) => e.currentTarget.value && setRange({ ...range, to: e.currentTarget.value })}
          />
        </Group>
      </Group>
      {!data ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : (
        <>
          <Totals totals={data.totals} language={language} />
          <RevenueByDay days={data.by_day} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <DocumentsByCarrier carriers={data.by_carrier} />
            <TopAgents agents={data.by_agent} />
          </SimpleGrid>
          <FareWatchSavings from={range.from} to={range.to} />
        </>
      )}
    </Stack>
  );
}
