// Fare Watch's savings over the page's range (GET /analytics/fare_watch): per month, the cheaper
// fares found, accepted (and the sum saved, per currency), declined and expired, with a total row;
// below, why the declined ones were declined. A table: every figure is read with its month.
import type { FareWatchSavingsFigures } from '@contrail/sdk';
import { useGetFareWatchSavings } from '@contrail/sdk/react';
import { Group, Skeleton, Table, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useFareWatchTexts } from '../../../hooks/use-fare-watch-texts';
import { formatMoney, formatMonth, toIntlLocale, useLanguage } from '../../../lib/i18n';

const reasons = ['traveller_wants_original', 'conditions', 'timing', 'other'] as const;

export function FareWatchSavings({ from, to }: { from: string; to: string }) {
  const { t } = useFareWatchTexts();
  const [language] = useLanguage();
  const savings = useGetFareWatchSavings({ date_from: from, date_to: to });
  const count = new Intl.NumberFormat(toIntlLocale(language));
  const saved = (f: FareWatchSavingsFigures) =>
    f.savings.length ? f.savings.map((m) => formatMoney(m, language)).join(', ') : t('fareWatch.savings.none');
  const cells = (f: FareWatchSavingsFigures) => (
    <>
      <Table.Td>{count.format(f.found)}</Table.Td>
      <Table.Td>{count.format(f.captured)}</Table.Td>
      <Table.Td>{saved(f)}</Table.Td>
      <Table.Td>{count.format(f.declined)}</Table.Td>
      <Table.Td>{count.format(f.expired)}</Table.Td>
    </>
  );
  const data = savings.data;
  return (
    <SectionCard title={t('fareWatch.savings.title')} lead={t('fareWatch.savings.lead')}>
      {!data ? (
        <Skeleton height={120} />
      ) : (
        <>
          <TableScroll minWidth={560} label={t('fareWatch.savings.table')}>
            <Table fz="sm" verticalSpacing={4} data-testid="fare-watch-savings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('fareWatch.savings.month')}</Table.Th>
                  <Table.Th scope="col">{t('fareWatch.savings.found')}</Table.Th>
                  <Table.Th scope="col">{t('fareWatch.savings.captured')}</Table.Th>
                  <Table.Th scope="col">{t('fareWatch.savings.saved')}</Table.Th>
                  <Table.Th scope="col">{t('fareWatch.savings.declined')}</Table.Th>
                  <Table.Th scope="col">{t('fareWatch.savings.expired')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.by_month.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Th scope="row" fw={500}>
                      {formatMonth(m.month, language)}
                    </Table.Th>
                    {cells(m.figures)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Th scope="row">{t('fareWatch.savings.total')}</Table.Th>
                  {cells(data.totals)}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </TableScroll>
          <Text size="sm" fw={600}>
            {t('fareWatch.savings.reasonsTitle')}
          </Text>
          <Group gap="lg" wrap="wrap">
            {reasons.map((r) => (
              <Text key={r} size="sm">
                {t(`fareWatch.reasons.${r}`)}: <b>{count.format(data.totals.declined_by_reason[r])}</b>
              </Text>
            ))}
          </Group>
        </>
      )}
    </SectionCard>
  );
}
