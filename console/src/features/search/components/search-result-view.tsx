// A search's result: what was searched, airlines that did not answer, filters and sort applied on
// the server, and the offers. A fare opens its details. When the stored result is gone (404/410,
// it expires with its offers) the screen goes back to start, as after any failed search.
import { ApiError, type Fare, type SearchFilters, type SearchResult } from '@contrail/sdk';
import { useFilterSearchResult, useRemoveSearchFilter } from '@contrail/sdk/react';
import { Box, Button, Card, Collapse, Grid, Group, LoadingOverlay, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveFilters } from './active-filters';
import { ChannelNotice } from './channel-notice';
import { OfferCard } from './offer-card';
import { OfferDetailsDrawer } from './offer-details-drawer';
import { ResultFilters, type FilterKey } from './result-filters';
import { SearchSummary } from './search-summary';

const sorts = ['price', 'duration', 'departure'] as const;
/** Offers drawn at first; a result can hold hundreds, and the cheapest come first anyway. */
const pageSize = 30;

export function SearchResultView({
  result,
  onResult,
  onExpired,
  onNewSearch,
}: {
  result: SearchResult;
  onResult: (result: SearchResult) => void;
  onExpired: () => void;
  onNewSearch: () => void;
}) {
  const { t } = useTranslation();
  const [openFare, setOpenFare] = useState<Fare | null>(null);
  const [filtersOpen, filtersPanel] = useDisclosure(false);
  const [shown, setShown] = useState(pageSize);
  const onError = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) onExpired();
  };
  const filter = useFilterSearchResult({ mutation: { onSuccess: onResult, onError } });
  const remove = useRemoveSearchFilter({ mutation: { onSuccess: onResult, onError } });
  const apply = (filters: SearchFilters) => filter.mutate({ data: { search_result_id: result.id, filters } });
  const removeKey = (key: FilterKey) => remove.mutate({ id: result.id, params: { filter_key: key } });
  const busy = filter.isPending || remove.isPending;

  const filters = <ResultFilters result={result} onApply={apply} onRemove={removeKey} />;
  return (
    <Stack gap="md">
      <SearchSummary result={result} onNewSearch={onNewSearch} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Box hiddenFrom="md">
            <Button variant="default" fullWidth onClick={filtersPanel.toggle} aria-expanded={filtersOpen}>
              {filtersOpen ? t('search.filters.hide') : t('search.filters.show')}
            </Button>
            <Collapse expanded={filtersOpen}>
              <Card withBorder mt="xs" padding="md">
                {filtersOpen && filters}
              </Card>
            </Collapse>
          </Box>
          <Card withBorder padding="md" visibleFrom="md">
            {filters}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm" pos="relative">
            <LoadingOverlay visible={busy} zIndex={5} overlayProps={{ blur: 1 }} />
            <Group justify="space-between" gap="xs">
              <Stack gap={2}>
                <Text size="sm" fw={600} role="status">
                  {t('search.result.shown', { shown: result.meta.shown_offers, total: result.meta.total_offers })}
                </Text>
                <ChannelNotice channels={result.meta.channels} complete={result.meta.complete} />
              </Stack>
              <SegmentedControl
                size="xs"
                aria-label={t('search.sort.label')}
                value={result.filters.sort ?? 'price'}
                onChange={(sort) => apply({ sort: sort })}
                data={sorts.map((sort) => ({ value: sort, label: t(`search.sort.${sort}`) }))}
              />
            </Group>
            <ActiveFilters filters={result.filters} onRemove={removeKey} />
            {result.offers.length === 0 ? (
              <Card withBorder padding="xl">
                <Stack align="center" gap={4}>
                  <Text fw={600}>
                    {result.meta.total_offers === 0 ? t('search.result.noOffers') : t('search.result.noneMatch')}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {result.meta.total_offers === 0
                      ? t('search.result.noOffersHint')
                      : t('search.result.noneMatchHint')}
                  </Text>
                </Stack>
              </Card>
            ) : (
              result.offers
                .slice(0, shown)
                .map((offer) => <OfferCard key={offer.id} offer={offer} onOpenFare={setOpenFare} />)
            )}
            {result.offers.length > shown && (
              <Button variant="default" onClick={() => setShown(shown + pageSize)}>
                {t('search.result.showMore', { count: Math.min(pageSize, result.offers.length - shown) })}
              </Button>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <OfferDetailsDrawer
        fare={openFare}
        searchResultId={result.id}
        request={result.request}
        onClose={() => setOpenFare(null)}
      />
    </Stack>
  );
}
