// The sales page: the ticket search and date range, one page of sales sized to the window (product
// spec §9, fetched from page 1), paging, a sale's detail and the export with its notices.
import { useListSales } from '@contrail/sdk/react';
import { Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { ListPager } from '../../components/list-pager';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLanguage } from '../../lib/i18n';
import { ExportButton } from './components/export-button';
import { SaleDetails } from './components/sale-details';
import { SalesFilters, type SalesFilter } from './components/sales-filters';
import { SalesTable } from './components/sales-table';
import { salesPageSize } from './page-size';
import { useWindowHeight } from './use-window-height';

export function SalesScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(t('sales.title'));
  // The API bounds per_page at 100, which the formula passes only above 1,982 px.
  const perPage = Math.min(100, salesPageSize(useWindowHeight()));
  const [filter, setFilter] = useState<SalesFilter>({ ticket: '', dateFrom: '', dateTo: '' });
  const [ticket] = useDebouncedValue(filter.ticket.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useListSales({
    page,
    per_page: perPage,
    ...(ticket ? { ticket } : {}),
    ...(filter.dateFrom ? { date_from: filter.dateFrom } : {}),
    ...(filter.dateTo ? { date_to: filter.dateTo } : {}),
  });
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));

  return (
    <Stack gap="lg">
      <Title order={1}>{t('sales.title')}</Title>
      <SectionCard title={t('sales.list.title')}>
        <SalesFilters
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        >
          {/* Beside the dates it exports, and clear of the notices stacked at the top right. */}
          <ExportButton dateFrom={filter.dateFrom} dateTo={filter.dateTo} />
        </SalesFilters>
        {list.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        ) : (list.data?.data.length ?? 0) === 0 ? (
          <Text size="sm" c="gray.8">
            {t('sales.list.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            <SalesTable sales={list.data!.data} language={language} onOpen={setOpen} />
            <Group justify="space-between">
              <Text size="sm" c="gray.7">
                {t('sales.list.total', { count: total })}
              </Text>
              <ListPager pages={pages} page={page} onChange={setPage} />
            </Group>
          </Stack>
        )}
      </SectionCard>
      <SaleDetails id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
