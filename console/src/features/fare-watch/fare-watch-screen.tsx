// /fare_watch: the cheaper fares found for the bookings the person may see (an agent their own, a
// supervisor the agency's, staff all: the API's bookings visibility), open ones first by default,
// the soonest expiry first; a status filter; each with the fares side by side, Accept and Decline.
// `?locator=` narrows the list to one booking (the booking page's badge links here).
import type { FareWatchOpportunityStatus } from '@contrail/sdk';
import { getListFareWatchOpportunitiesQueryKey, useListFareWatchOpportunities } from '@contrail/sdk/react';
import { Center, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPager } from '../../components/list-pager';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFareWatchTexts } from '../../hooks/use-fare-watch-texts';
import { useQueryParam } from '../../lib/router';
import { OpportunityCard } from './components/opportunity-card';

const statuses = ['open', 'accepted', 'declined', 'expired'] as const satisfies readonly FareWatchOpportunityStatus[];
const perPage = 20;

export function FareWatchScreen() {
  const { t } = useFareWatchTexts();
  useDocumentTitle(t('fareWatch.title'));
  const queryClient = useQueryClient();
  const locator = useQueryParam('locator').toUpperCase();
  const [status, setStatus] = useState<(typeof statuses)[number]>('open');
  const [page, setPage] = useState(1);
  const list = useListFareWatchOpportunities({
    status,
    page,
    per_page: perPage,
    ...(/^[A-Z0-9]{6}$/.test(locator) ? { locator } : {}),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListFareWatchOpportunitiesQueryKey() });
  const total = list.data?.meta.total ?? 0;

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>{t('fareWatch.title')}</Title>
        <Text size="sm" c="gray.8">
          {t('fareWatch.lead')}
        </Text>
      </Stack>
      <NativeSelect
        label={t('fareWatch.status.label')}
        maw={240}
        value={status}
        onChange={(event) => {
          setStatus(event.currentTarget.value as (typeof statuses)[number]);
          setPage(1);
        }}
        data={statuses.map((s) => ({ value: s, label: t(`fareWatch.status.${s}`) }))}
      />
      {!list.data ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : list.data.data.length === 0 ? (
        <Text c="gray.8" role="status">
          {t(status === 'open' ? 'fareWatch.empty.open' : 'fareWatch.empty.other')}
        </Text>
      ) : (
        <Stack gap="md">
          {list.data.data.map((o) => (
            <OpportunityCard key={o.id} opportunity={o} onChanged={refresh} />
          ))}
        </Stack>
      )}
      <ListPager pages={Math.ceil(total / perPage)} page={page} onChange={setPage} />
    </Stack>
  );
}
