// One page of sales: compact rows (18 px each is what the page size assumes), newest first. A row
// opens the document's detail.
import type { SalesDocument } from '@contrail/sdk';
import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, type Language } from '../../../lib/i18n';
import { TableScroll } from '../../../components/table-scroll';

const kindColors: Record<SalesDocument['kind'], string> = {
  ticket: 'blue',
  emd: 'grape',
  refund: 'orange',
  exchange: 'teal',
  void: 'gray',
};

export function KindBadge({ kind }: { kind: SalesDocument['kind'] }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={kindColors[kind]}>
      {t(`sales.kind.${kind}`)}
    </Badge>
  );
}

export function SalesTable({
  sales,
  language,
  onOpen,
}: {
  sales: SalesDocument[];
  language: Language;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={880} hasControls>
      <Table verticalSpacing={2} fz="sm" striped="even" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.columns.number')}</Table.Th>
            <Table.Th>{t('sales.columns.kind')}</Table.Th>
            <Table.Th>{t('sales.columns.issued')}</Table.Th>
            <Table.Th>{t('sales.columns.locator')}</Table.Th>
            <Table.Th>{t('sales.columns.passenger')}</Table.Th>
            <Table.Th>{t('sales.columns.route')}</Table.Th>
            <Table.Th>{t('sales.columns.agent')}</Table.Th>
            <Table.Th ta="right">{t('sales.columns.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.id}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(sale.id)} ff="monospace" fz="sm" c="blue.8">
                  {sale.number}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <KindBadge kind={sale.kind} />
              </Table.Td>
              <Table.Td>{formatDateTime(sale.issued_at, language)}</Table.Td>
              <Table.Td ff="monospace">{sale.locator}</Table.Td>
              <Table.Td>{sale.passenger_name}</Table.Td>
              <Table.Td>
                <Text span fw={600} fz="sm">
                  {sale.carrier}
                </Text>{' '}
                {sale.route}
              </Table.Td>
              <Table.Td>{sale.agent.name}</Table.Td>
              <Table.Td ta="right">{formatMoney(sale.total, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
