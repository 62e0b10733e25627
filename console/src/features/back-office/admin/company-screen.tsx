// /admin/company?id=…: the balance with its ledger and the balance-change form, markups, the
// company's channels and its booking visibility, and deleting the company.
import type { Company } from '@contrail/sdk';
import {
  useCreateTransaction,
  useGetCompany,
  useListCompanyChannels,
  useListTransactions,
  useSetCompanySharedBookings,
  useUpdateCompanyChannel,
} from '@contrail/sdk/react';
import { Badge, Button, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { ListState } from '../components/loading';
import { useQueryParam } from '../../../lib/router';
import { shownValue, useSaved } from '../use-back-office';
import { DeleteCompany } from './delete-company';
import { Markups } from './markups-section';
import { TableScroll } from '../../../components/table-scroll';

export function CompanyScreen() {
  const { t } = useTranslation();
  const id = useQueryParam('id');
  // The markups come embedded: one call for the company and them.
  const company = useGetCompany(id, { expand: 'markups' });
  useDocumentTitle(company.data?.name ?? t('backOffice.nav.companies'));
  if (!company.data) return <ListState pending={company.isPending} empty />;
  return (
    <Stack gap="lg">
      <Title order={2}>{company.data.name}</Title>
      <Balance company={company.data} />
      <Ledger companyId={id} />
      <Markups companyId={id} markups={company.data.markups ?? []} />
      <CompanyChannels company={company.data} />
      <DeleteCompany company={company.data} />
    </Stack>
  );
}

function Balance({ company }: { company: Company }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const saved = useSaved();
  const change = useCreateTransaction({ mutation: { onSuccess: () => (setAmount(''), setReason(''), saved()) } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      data: {
        company_id: company.id,
        amount: { amount: amount.trim(), currency: company.balance_amount.currency },
        reason: reason.trim(),
      },
    });
  };
  return (
    <SectionCard title={t('backOffice.balance.title')}>
      <Text size="xl" fw={700} data-testid="balance">
        {formatMoney(company.balance_amount, language)}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('backOffice.balance.amount')}
            description={t('backOffice.balance.amountHint')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <TextInput
            label={t('backOffice.balance.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={change.isPending}>
            {t('backOffice.balance.submit')}
          </Button>
        </Group>
      </form>
      <SharedBookings company={company} />
    </SectionCard>
  );
}

export function SharedBookings({ company }: { company: Company }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const set = useSetCompanySharedBookings({ mutation: { onSuccess: saved } });
  return (
    <Switch
      label={t('backOffice.companies.sharedBookings', { name: company.name })}
      checked={shownValue(set, (v) => v.data.shared_bookings, company.shared_bookings)}
      onChange={(e) => set.mutate({ id: company.id, data: { shared_bookings: e.currentTarget.checked } })}
    />
  );
}

function Ledger({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const list = useListTransactions({ company_id: companyId, per_page: 50 });
  const entries = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.ledger.title')}>
      <ListState pending={list.isPending} empty={entries.length === 0} />
      {entries.length > 0 && (
        <TableScroll minWidth={560} label={t('backOffice.ledger.title')}>
          <Table striped aria-label={t('backOffice.ledger.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.ledger.when')}</Table.Th>
                <Table.Th>{t('backOffice.ledger.amount')}</Table.Th>
                <Table.Th>{t('backOffice.ledger.after')}</Table.Th>
                <Table.Th>{t('backOffice.ledger.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.created_at, language)}</Table.Td>
                  <Table.Td>{formatMoney(e.amount, language)}</Table.Td>
                  <Table.Td>{formatMoney(e.balance_after, language)}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}

/** The company's access to each of its partner's channels: its own switch per channel. */
export function CompanyChannels({ company, title }: { company: Company; title?: string }) {
  const { t } = useTranslation();
  const list = useListCompanyChannels(
    { company_id: company.id, per_page: 100 },
    { query: { enabled: company.agency_id !== null } },
  );
  const saved = useSaved();
  const set = useUpdateCompanyChannel({ mutation: { onSuccess: saved } });
  const channels = list.data?.data ?? [];
  return (
    <SectionCard title={title ?? t('backOffice.channels.title')}>
      {channels.map((c) => (
        <Group key={c.id} justify="space-between">
          <Switch
            label={c.title}
            checked={shownValue(set, (v) => (v.id === c.id ? v.data.active : undefined), c.active_by_company)}
            onChange={(e) => set.mutate({ id: c.id, data: { active: e.currentTarget.checked } })}
          />
          <Badge color={c.active ? 'green' : 'gray'} variant="light">
            {t(c.active ? 'backOffice.channels.active' : 'backOffice.channels.inactive')}
          </Badge>
        </Group>
      ))}
    </SectionCard>
  );
}
