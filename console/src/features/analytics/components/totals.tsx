// The range's totals: documents and passengers, and the money per currency.
import type { Analytics } from '@contrail/sdk';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, toIntlLocale, type Language } from '../../../lib/i18n';

function Figure({ label, values }: { label: string; values: string[] }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={2}>
        <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
          {label}
        </Text>
        {(values.length ? values : ['—']).map((v) => (
          <Text key={v} size="xl" fw={700}>
            {v}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

export function Totals({ totals, language }: { totals: Analytics['totals']; language: Language }) {
  const { t } = useTranslation();
  const count = new Intl.NumberFormat(toIntlLocale(language));
  const money = (key: 'revenue' | 'fees' | 'markups' | 'refunds') =>
    totals.amounts.map((a) => formatMoney(a[key], language));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Figure label={t('analytics.totals.documents')} values={[count.format(totals.documents)]} />
      <Figure label={t('analytics.totals.passengers')} values={[count.format(totals.passengers)]} />
      <Figure label={t('analytics.totals.revenue')} values={money('revenue')} />
      <Figure label={t('analytics.totals.fees')} values={money('fees')} />
      <Figure label={t('analytics.totals.markups')} values={money('markups')} />
      <Figure label={t('analytics.totals.refunds')} values={money('refunds')} />
    </SimpleGrid>
  );
}
