// /bookings (product spec §2): the bookings list with its filters and paging; `?locator=` opens
// that booking beside the list, so an open booking can be linked. The list starts at the active
// bookings (held, being issued, issued); a booking that failed to open stays marked in the list until it opens.
import { useListBookings } from '@contrail/sdk/react';
import { Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { ListPager } from '../../components/list-pager';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLanguage } from '../../lib/i18n';
import { navigate, useQueryParam } from '../../lib/router';
import { BookingDrawer } from './components/booking-drawer';
import { BookingsFilters } from './components/bookings-filters';
import { BookingsTable } from './components/bookings-table';
import { bookingPath } from './use-booking-outcomes';
import { bookingsPerPage, initialFilter, listParams, type BookingsFilter } from './bookings-list-query';

export function BookingsScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(t('bookings.title'));
  const locator = useQueryParam('locator').toUpperCase();
  const [filter, setFilter] = useState<BookingsFilter>(initialFilter);
  const [q] = useDebouncedValue(filter.q.trim(), 300);
  const [page, setPage] = useState(1);
  const [openErrors, setOpenErrors] = useState<ReadonlySet<string>>(new Set());
  const markOpenError = useCallback((failed: string, on: boolean) => {
    setOpenErrors((known) => {
      if (known.has(failed) === on) return known;
      const next = new Set(known);
      if (on) next.add(failed);
      else next.delete(failed);
      return next;
    });
  }, []);

  const list = useListBookings(listParams(filter, q, page), { query: { placeholderData: keepPreviousData } });
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / bookingsPerPage));

  return (
    <Stack gap="lg">
      <Title order={1}>{t('bookings.title')}</Title>
      <SectionCard title={t('bookings.list.title')}>
        <BookingsFilters
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        {list.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        ) : (list.data?.data.length ?? 0) === 0 ? (
          <Text size="sm" c="gray.8">
            {t('bookings.list.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            <BookingsTable
              bookings={list.data!.data}
              language={language}
              openErrors={openErrors}
              onOpen={(open) => navigate(bookingPath(open))}
            />
            <Group justify="space-between">
              <Text size="sm" c="gray.7" role="status">
                {t('bookings.list.total', { count: total })}
              </Text>
              <ListPager pages={pages} page={page} onChange={setPage} />
            </Group>
          </Stack>
        )}
      </SectionCard>
      <BookingDrawer locator={locator} openFailed={openErrors.has(locator)} onOpenFailed={markOpenError} />
    </Stack>
  );
}
