// The result's heading: the route and dates searched, who flies, and the way back to a new search.
import type { SearchResult } from '@contrail/sdk';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFlightDay, useLanguage } from '../../../lib/i18n';

export function SearchSummary({ result, onNewSearch }: { result: SearchResult; onNewSearch: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { origin_destinations: legs, passengers, cabin } = result.request;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          {legs.map((leg, index) => (
            <Text key={index} fw={600}>
              {leg.origin} → {leg.destination}
              <Text span c="gray.7" fw={400} ml="xs">
                {formatFlightDay(leg.departure_date, language)}
              </Text>
            </Text>
          ))}
          <Text size="sm" c="gray.7">
            {[
              t('search.passengers.adults', { count: passengers.adults }),
              passengers.children ? t('search.passengers.children', { count: passengers.children }) : null,
              passengers.infants ? t('search.passengers.infants', { count: passengers.infants }) : null,
              t(`search.cabin.${cabin ?? 'economy'}`),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button variant="light" onClick={onNewSearch}>
          {t('search.result.newSearch')}
        </Button>
      </Group>
    </Card>
  );
}
