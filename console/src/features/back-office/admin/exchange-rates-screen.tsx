// /admin/exchange_rates: the dated exchange rates a company balance in another currency than a fare
// is debited at (the newest rate in effect at issue), and a form to set a pair's rate from a moment
// on. Only an Admin may set one (the API refuses Support and supervisors, who may read them).
import { useListExchangeRates, useSetExchangeRate } from '@contrail/sdk/react';
import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { ListState } from '../components/loading';
import { useSaved } from '../use-back-office';

export function ExchangeRatesScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(t('backOffice.nav.exchangeRates'));
  const list = useListExchangeRates({ per_page: 100 });
  const rates = list.data?.data ?? [];
  return (
    <Stack gap="lg">
      <SetRate />
      <SectionCard title={t('backOffice.rates.title')} lead={t('backOffice.rates.listLead')}>
        <ListState pending={list.isPending} empty={rates.length === 0} />
        {rates.length > 0 && (
          <TableScroll minWidth={480} label={t('backOffice.rates.title')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backOffice.rates.pair')}</Table.Th>
                  <Table.Th ta="right">{t('backOffice.rates.rate')}</Table.Th>
                  <Table.Th>{t('backOffice.rates.effectiveAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{`${r.base_currency} → ${r.quote_currency}`}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {r.rate.replace(/0+$/, '').replace(/\.$/, '')}
                    </Table.Td>
                    <Table.Td>{formatDateTime(r.effective_at, language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </SectionCard>
    </Stack>
  );
}

function SetRate() {
  const { t } = useTranslation();
  const saved = useSaved();
  const [form, setForm] = useState({ base_currency: '', quote_currency: '', rate: '', effective_at: '' });
  const set = useSetExchangeRate({ mutation: { onSuccess: () => (setForm({ ...form, rate: '' }), saved()) } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({
      data: {
        base_currency: form.base_currency.trim().toUpperCase(),
        quote_currency: form.quote_currency.trim().toUpperCase(),
        rate: form.rate.trim().replace(',', '.'),
        ...(form.effective_at ? { effective_at: new Date(form.effective_at).toISOString() } : {}),
      },
    });
  };
  const code = (field: 'base_currency' | 'quote_currency', label: string) => (
    <TextInput
      label={label}
      maxLength={3}
      w={140}
      value={form[field]}
      onChange={(e) => setForm({ ...form, [field]: e.currentTarget.value })}
    />
  );
  return (
    <SectionCard title={t('backOffice.rates.set')} lead={t('backOffice.rates.lead')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          {code('base_currency', t('backOffice.rates.from'))}
          {code('quote_currency', t('backOffice.rates.to'))}
          <TextInput
            label={t('backOffice.rates.rate')}
            inputMode="decimal"
            w={140}
            value={form.rate}
            onChange={(e) => setForm({ ...form, rate: e.currentTarget.value })}
          />
          <TextInput
            type="datetime-local"
            label={t('backOffice.rates.from_moment')}
            description={t('backOffice.rates.nowHint')}
            w={220}
            value={form.effective_at}
            onChange={(e) => setForm({ ...form, effective_at: e.currentTarget.value })}
          />
          <Button type="submit" loading={set.isPending}>
            {t('backOffice.rates.submit')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
