// One offer: the airline, its journeys, the cheapest fare up front and every fare family with its
// price and checked baggage. Picking a fare opens its details (re-priced with the airline).
import type { Fare, Offer } from '@contrail/sdk';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage, type Language } from '../../../lib/i18n';
import classes from './offer-card.module.css';
import { JourneyLine } from './journey-line';

export function OfferCard({ offer, onOpenFare }: { offer: Offer; onOpenFare: (fare: Fare) => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [showFlights, flights] = useDisclosure(false);
  const cheapest = offer.fares[0]!;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`${offer.owner.name} ${priceText(cheapest, language, t)}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Badge variant="outline" color="gray" radius="sm" size="lg">
              {offer.owner.code}
            </Badge>
            <Text fw={600}>{offer.owner.name}</Text>
          </Group>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="gray.7">
              {t('search.offer.from')}
            </Text>
            <Text fw={700} size="xl" data-testid="offer-price">
              {formatMoney(cheapest.price, language)}
            </Text>
            <InEur fare={cheapest} />
          </Stack>
        </Group>
        {offer.origin_destinations.map((journey, index) => (
          <JourneyLine key={index} journey={journey} showFlights={showFlights} />
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={flights.toggle}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={showFlights}
        >
          {showFlights ? t('search.offer.hideFlights') : t('search.offer.showFlights')}
        </Button>
        <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(offer.fares.length, 4) }} spacing="xs">
          {offer.fares.map((fare) => (
            <FareChoice key={fare.fare_id} fare={fare} cheapest={fare === cheapest} onOpen={() => onOpenFare(fare)} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function FareChoice({ fare, cheapest, onOpen }: { fare: Fare; cheapest: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const bags = fare.baggage.checked.pieces;
  return (
    <UnstyledButton className={classes.fare} data-cheapest={cheapest || undefined} onClick={onOpen}>
      <Text size="sm" fw={600} lineClamp={1}>
        {fare.fare_family.name}
      </Text>
      <Text fw={700}>{formatMoney(fare.price, language)}</Text>
      <InEur fare={fare} />
      <Text size="xs" c="gray.7">
        {bags > 0
          ? t('search.offer.checkedBags', { count: bags, kg: fare.baggage.checked.weight_kg })
          : t('search.offer.noCheckedBag')}
        {fare.fare_type !== 'public' && ` · ${t(`search.fareType.${fare.fare_type}`)}`}
      </Text>
    </UnstyledButton>
  );
}

// A fare in another currency than EUR shows the EUR amount too: the price filter's range and the
// price order are in EUR, so the agent sees what each fare was compared by.
function InEur({ fare }: { fare: Fare }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (!fare.price_eur) return null;
  return (
    <Text size="xs" c="gray.7" data-testid="offer-price-eur">
      {t('search.offer.inEur', { amount: formatMoney(fare.price_eur, language) })}
    </Text>
  );
}

function priceText(fare: Fare, language: Language, t: TFunction): string {
  const price = formatMoney(fare.price, language);
  return fare.price_eur
    ? `${price} ${t('search.offer.inEur', { amount: formatMoney(fare.price_eur, language) })}`
    : price;
}
