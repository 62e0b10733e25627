// The fare as booked beside the fare found, row by row (fare basis, brand, booking classes, bags,
// change and refund terms, price): a table, so a screen reader says which side a value is on.
import type { FareWatchFare, FareWatchPenalty } from '@contrail/sdk';
import { Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import { TableScroll } from '../../../components/table-scroll';
import { formatMoney, type Language } from '../../../lib/i18n';

function terms(penalty: FareWatchPenalty, t: TFunction, language: Language): string {
  if (!penalty.allowed) return t('fareWatch.fare.notAllowed');
  if (!penalty.fee || Number(penalty.fee.amount) === 0) return t('fareWatch.fare.free');
  return t('fareWatch.fare.forFee', { fee: formatMoney(penalty.fee, language) });
}

export function FareComparison({
  locator,
  original,
  candidate,
  t,
  language,
}: {
  locator: string;
  original: FareWatchFare;
  candidate: FareWatchFare;
  t: TFunction;
  language: Language;
}) {
  const rows: { key: string; label: string; value: (f: FareWatchFare) => string }[] = [
    { key: 'fareBasis', label: t('fareWatch.fare.fareBasis'), value: (f) => f.fare_basis.join(', ') },
    { key: 'brand', label: t('fareWatch.fare.brand'), value: (f) => f.brand },
    { key: 'classes', label: t('fareWatch.fare.bookingClasses'), value: (f) => f.booking_classes.join(', ') },
    { key: 'bags', label: t('fareWatch.fare.bags'), value: (f) => String(f.checked_bags) },
    { key: 'change', label: t('fareWatch.fare.change'), value: (f) => terms(f.change, t, language) },
    { key: 'refund', label: t('fareWatch.fare.refund'), value: (f) => terms(f.refund, t, language) },
    { key: 'price', label: t('fareWatch.fare.price'), value: (f) => formatMoney(f.price, language) },
  ];
  return (
    <TableScroll minWidth={320} label={t('fareWatch.card.comparison', { locator })}>
      {/* Three equal columns at 400 px: a long word (Ukrainian "Заброньований") wraps instead of running into the next. */}
      <Table fz="sm" verticalSpacing={4} layout="fixed" style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fareWatch.fare.label')}</Table.Th>
            <Table.Th scope="col">{t('fareWatch.fare.original')}</Table.Th>
            <Table.Th scope="col">{t('fareWatch.fare.candidate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500} c="gray.8">
                {row.label}
              </Table.Th>
              <Table.Td>{row.value(original)}</Table.Td>
              <Table.Td fw={row.key === 'price' ? 700 : undefined}>{row.value(candidate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
