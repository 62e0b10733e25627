// One sale's detail in a drawer: the document, its passenger and trip, the money and who sold it.
import { useGetSale } from '@contrail/sdk/react';
import { Center, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { KindBadge } from './sales-table';

export function SaleDetails({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const sale = useGetSale(id ?? '', { query: { enabled: id !== null } });
  const d = sale.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('sales.details.title')}
      closeButtonProps={{ 'aria-label': t('sales.details.close') }}
    >
      {!d ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text ff="monospace" fw={700}>
              {d.number}
            </Text>
            <KindBadge kind={d.kind} />
          </Group>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('sales.columns.locator')}>{d.locator}</Field>
            <Field label={t('sales.columns.issued')}>{formatDateTime(d.issued_at, language)}</Field>
            <Field label={t('sales.columns.passenger')}>{d.passenger_name}</Field>
            <Field label={t('sales.columns.route')}>{`${d.carrier} ${d.route}`}</Field>
          </SimpleGrid>
          <Divider />
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('sales.details.fare')}>{formatMoney(d.fare, language)}</Field>
            <Field label={t('sales.details.taxes')}>{formatMoney(d.taxes, language)}</Field>
            <Field label={t('sales.details.fees')}>{formatMoney(d.fees, language)}</Field>
            <Field label={t('sales.details.markup')}>{formatMoney(d.markup, language)}</Field>
            <Field label={t('sales.details.commission')}>{formatMoney(d.commission, language)}</Field>
            <Field label={t('sales.columns.total')}>
              <Text span fw={700}>
                {formatMoney(d.total, language)}
              </Text>
            </Field>
            <Field label={t('sales.details.formOfPayment')}>{t(`sales.formOfPayment.${d.form_of_payment}`)}</Field>
          </SimpleGrid>
          <Divider />
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('sales.columns.agent')}>{d.agent.name}</Field>
            <Field label={t('sales.details.company')}>{d.company?.name ?? '—'}</Field>
            <Field label={t('sales.details.agency')}>{d.agency.name}</Field>
          </SimpleGrid>
        </Stack>
      )}
    </Drawer>
  );
}
