// The three charts: revenue by day (one series per currency), documents by carrier, top agents.
// To assistive technology each is an image named by its title.
import type { Analytics } from '@contrail/sdk';
import { AreaChart, BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';

const palette = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'red.6'];

export function RevenueByDay({ days }: { days: Analytics['by_day'] }) {
  const { t } = useTranslation();
  const currencies = [...new Set(days.flatMap((d) => d.amounts.map((a) => a.revenue.currency)))].sort();
  const data = days.map((d) => ({
    date: d.date.slice(5),
    ...Object.fromEntries(
      currencies.map((c) => [c, Number(d.amounts.find((a) => a.revenue.currency === c)?.revenue.amount ?? 0)]),
    ),
  }));
  return (
    <SectionCard title={t('analytics.charts.revenueByDay')}>
      <AreaChart
        h={260}
        data={data}
        dataKey="date"
        series={currencies.map((c, i) => ({ name: c, color: palette[i % palette.length]! }))}
        curveType="monotone"
        withDots={false}
        withLegend={currencies.length > 1}
        role="img"
        aria-label={t('analytics.charts.revenueByDay')}
      />
    </SectionCard>
  );
}

export function DocumentsByCarrier({ carriers }: { carriers: Analytics['by_carrier'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('analytics.charts.byCarrier')}>
      <BarChart
        h={260}
        data={carriers.map((c) => ({ carrier: c.carrier, documents: c.documents }))}
        dataKey="carrier"
        series={[{ name: 'documents', label: t('analytics.totals.documents'), color: 'blue.6' }]}
        role="img"
        aria-label={t('analytics.charts.byCarrier')}
      />
    </SectionCard>
  );
}

export function TopAgents({ agents }: { agents: Analytics['by_agent'] }) {
  const { t } = useTranslation();
  const top = agents.slice(0, 10);
  return (
    <SectionCard title={t('analytics.charts.topAgents')}>
      <BarChart
        h={Math.max(160, top.length * 28)}
        data={top.map((a) => ({ agent: a.agent.name, documents: a.documents }))}
        dataKey="agent"
        orientation="vertical"
        yAxisProps={{ width: 140 }}
        series={[{ name: 'documents', label: t('analytics.totals.documents'), color: 'teal.6' }]}
        role="img"
        aria-label={t('analytics.charts.topAgents')}
      />
    </SectionCard>
  );
}
