// The supervisor's ledgers on /agency: one company's movements with the running balance, filtered by
// days, kind and booking, a page at a time (the API's cursor), a CSV export of what the filters keep,
// a transfer between two of the agency's companies, and the company's low-balance threshold.
import { exportCompanyLedger, type Company, type LedgerKind } from '@contrail/sdk';
import {
  useCreateBalanceTransfer,
  useListCompanies,
  useListCompanyLedger,
  useUpdateCompany,
} from '@contrail/sdk/react';
import { Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { ListState } from '../components/loading';
import { useSaved } from '../use-back-office';

const kinds: LedgerKind[] = ['opening', 'adjustment', 'booking', 'transfer'];

export function CompanyLedgers() {
  const { t } = useManageTexts();
  const companies = useListCompanies({ per_page: 100 });
  const rows = companies.data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const company = rows.find((c) => c.id === chosen) ?? rows[0];
  return (
    <SectionCard title={t('backOffice.agencyLedger.title')} lead={t('backOffice.agencyLedger.lead')}>
      <ListState pending={companies.isPending} empty={rows.length === 0} />
      {company && (
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('backOffice.agencyLedger.company')}
              data={rows.map((c) => ({
                value: c.id,
                label: `${c.name} · ${c.balance_amount.amount} ${c.balance_amount.currency}`,
              }))}
              value={company.id}
              onChange={setChosen}
              allowDeselect={false}
              style={{ flex: 1 }}
            />
            <TransferButton companies={rows} from={company} />
          </Group>
          <Threshold key={company.id} company={company} />
          <Ledger key={company.id} company={company} />
        </Stack>
      )}
    </SectionCard>
  );
}

function Ledger({ company }: { company: Company }) {
  const { t } = useManageTexts();
  const [language] = useLanguage();
  const [filters, setFilters] = useState<{ date_from?: string; date_to?: string; kind?: LedgerKind; locator?: string }>(
    {},
  );
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const page = useListCompanyLedger(company.id, { ...filters, limit: 20, ...(cursor ? { cursor } : {}) });
  const entries = page.data?.data ?? [];
  const next = page.data?.meta.next_cursor ?? null;
  const set = (patch: Partial<typeof filters>) => {
    setCursors([]);
    setFilters((f) => ({ ...f, ...patch }));
  };
  const [exporting, setExporting] = useState(false);
  // Through the SDK, which sends the session's CSRF token; the file is saved from the answer.
  const download = async () => {
    setExporting(true);
    try {
      const csv = await exportCompanyLedger(company.id, filters);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = `ledger-${company.id}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('backOffice.agencyLedger.from')}
          value={filters.date_from ?? ''}
          onChange={(e) => set({ date_from: e.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t('backOffice.agencyLedger.to')}
          value={filters.date_to ?? ''}
          onChange={(e) => set({ date_to: e.currentTarget.value || undefined })}
        />
        <Select
          label={t('backOffice.agencyLedger.kind')}
          placeholder={t('backOffice.agencyLedger.allKinds')}
          data={kinds.map((k) => ({ value: k, label: t(`backOffice.agencyLedger.kinds.${k}`) }))}
          value={filters.kind ?? null}
          onChange={(value) => set({ kind: kinds.find((k) => k === value) })}
          clearable
        />
        <TextInput
          label={t('backOffice.agencyLedger.booking')}
          placeholder="K7XQ2M"
          value={filters.locator ?? ''}
          onChange={(e) => {
            const locator = e.currentTarget.value.toUpperCase();
            set({ locator: /^[A-Z0-9]{6}$/.test(locator) ? locator : undefined });
          }}
          maxLength={6}
        />
        <Button variant="light" loading={exporting} onClick={() => void download()}>
          {t('backOffice.agencyLedger.export')}
        </Button>
      </Group>
      <ListState pending={page.isPending} empty={entries.length === 0} />
      {entries.length > 0 && (
        <TableScroll minWidth={640} label={t('backOffice.agencyLedger.title')}>
          <Table striped aria-label={t('backOffice.agencyLedger.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.agencyLedger.when')}</Table.Th>
                <Table.Th>{t('backOffice.agencyLedger.kind')}</Table.Th>
                <Table.Th>{t('backOffice.agencyLedger.reason')}</Table.Th>
                <Table.Th>{t('backOffice.agencyLedger.booking')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('backOffice.agencyLedger.amount')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('backOffice.agencyLedger.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.created_at, language)}</Table.Td>
                  <Table.Td>{t(`backOffice.agencyLedger.kinds.${e.kind}`)}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                  <Table.Td>{e.booking_locator ?? ''}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{`${e.amount.amount} ${e.amount.currency}`}</Table.Td>
                  <Table.Td
                    style={{ textAlign: 'right' }}
                  >{`${e.balance_after.amount} ${e.balance_after.currency}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <Group gap="sm">
        <Button variant="subtle" disabled={cursors.length === 0} onClick={() => setCursors([])}>
          {t('backOffice.agencyLedger.newest')}
        </Button>
        <Button variant="subtle" disabled={!next} onClick={() => next && setCursors((c) => [...c, next])}>
          {t('backOffice.agencyLedger.older')}
        </Button>
      </Group>
    </Stack>
  );
}

function Threshold({ company }: { company: Company }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const [value, setValue] = useState(company.low_balance_threshold ?? '');
  const update = useUpdateCompany({ mutation: { onSuccess: saved } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: company.id, data: { low_balance_threshold: value.trim() === '' ? null : value.trim() } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('backOffice.agencyLedger.threshold', { currency: company.balance_amount.currency })}
          description={t('backOffice.agencyLedger.thresholdHint')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          inputMode="decimal"
        />
        <Button type="submit" variant="light" loading={update.isPending}>
          {t('backOffice.agencyLedger.saveThreshold')}
        </Button>
      </Group>
    </form>
  );
}

function TransferButton({ companies, from }: { companies: Company[]; from: Company }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const transfer = useCreateBalanceTransfer({
    mutation: { onSuccess: () => (setOpen(false), setAmount(''), setReason(''), saved()) },
  });
  const others = companies.filter((c) => c.id !== from.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!to) return;
    transfer.mutate({
      data: {
        from_company_id: from.id,
        to_company_id: to,
        amount: { amount: amount.trim(), currency: from.balance_amount.currency },
        reason: reason.trim(),
      },
    });
  };
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} disabled={others.length === 0}>
        {t('backOffice.agencyLedger.transfer')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('backOffice.agencyLedger.transferTitle', { name: from.name })}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('backOffice.agencyLedger.transferLead')}</Text>
            <Select
              label={t('backOffice.agencyLedger.transferTo')}
              data={others.map((c) => ({ value: c.id, label: c.name }))}
              value={to}
              onChange={setTo}
              allowDeselect={false}
              required
            />
            <TextInput
              label={t('backOffice.agencyLedger.amount')}
              rightSection={<Text size="xs">{from.balance_amount.currency}</Text>}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
              required
            />
            <TextInput
              label={t('backOffice.agencyLedger.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              required
            />
            <Group justify="flex-end">
              <Button type="submit" loading={transfer.isPending} disabled={!to || !amount.trim() || !reason.trim()}>
                {t('backOffice.agencyLedger.transferSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
