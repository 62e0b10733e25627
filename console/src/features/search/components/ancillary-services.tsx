// Bags or other services the airline sells with a fare, priced per passenger; each says which
// journey (or flight) it is for.
import type { AncillariesServicesItem } from '@contrail/sdk';
import { useListOfferAncillaries } from '@contrail/sdk/react';
import { Center, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { TableScroll } from '../../../components/table-scroll';

export function AncillaryServices({
  fareId,
  type,
  flightNumbers,
}: {
  fareId: string;
  type: 'bags' | 'other';
  flightNumbers: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const list = useListOfferAncillaries(fareId, { type });
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const services: AncillariesServicesItem[] = list.data?.services ?? [];
  if (services.length === 0) return <Text c="gray.7">{t(`search.ancillaries.none.${type}`)}</Text>;
  return (
    <TableScroll minWidth={360} label={t(`search.details.tabs.${type}`)}>
      <Table fz="sm" verticalSpacing="xs" aria-label={t(`search.details.tabs.${type}`)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('search.ancillaries.service')}</Table.Th>
            <Table.Th>{t('search.ancillaries.appliesTo')}</Table.Th>
            <Table.Th ta="right">{t('search.ancillaries.pricePerPassenger')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td>
                {service.name}
                {service.weight_kg !== null && (
                  <Text span c="gray.7">
                    {' '}
                    · {service.weight_kg} kg
                  </Text>
                )}
              </Table.Td>
              <Table.Td c="gray.7">
                {service.flight_id
                  ? (flightNumbers.get(service.flight_id) ??
                    t('search.ancillaries.flight', { number: service.origin_destination + 1 }))
                  : t('search.ancillaries.journey', { number: service.origin_destination + 1 })}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(service.price, language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
