// /admin/credit_cards: every partner's cards (brand, last four, expiry, holder: the number never
// comes back) and a form to add one. The number is checked and sealed by the API.
import { useCreateCreditCard, useDeleteCreditCard, useListAgencies, useListCreditCards } from '@contrail/sdk/react';
import { Button, Group, NumberInput, Select, Stack, Table, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { EditCard } from '../components/edit-card';
import { ListState } from '../components/loading';
import { useSaved } from '../use-back-office';

export function CreditCardsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.creditCards'));
  const list = useListCreditCards({ per_page: 100 });
  const agencies = useListAgencies({ per_page: 100 });
  const saved = useSaved();
  const remove = useDeleteCreditCard({ mutation: { onSuccess: saved } });
  const cards = list.data?.data ?? [];
  const names = new Map((agencies.data?.data ?? []).map((a) => [a.id, a.name]));
  return (
    <Stack gap="lg">
      <AddCard agencies={agencies.data?.data.map((a) => ({ value: a.id, label: a.name })) ?? []} />
      <SectionCard title={t('backOffice.cards.title')}>
        <ListState pending={list.isPending} empty={cards.length === 0} />
        {cards.length > 0 && (
          <Table striped>
            <Table.Tbody>
              {cards.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{names.get(c.agency_id) ?? c.agency_id}</Table.Td>
                  <Table.Td>{`${c.brand} •••• ${c.last4}`}</Table.Td>
                  <Table.Td>{`${String(c.exp_month).padStart(2, '0')}/${c.exp_year}`}</Table.Td>
                  <Table.Td>{c.holder}</Table.Td>
                  <Table.Td>
                    <EditCard card={c} />
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ id: c.id })}>
                      {t('backOffice.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
    </Stack>
  );
}

function AddCard({ agencies }: { agencies: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const [form, setForm] = useState({
    agency_id: '',
    number: '',
    holder: '',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
  });
  const create = useCreateCreditCard({ mutation: { onSuccess: () => (setForm({ ...form, number: '' }), saved()) } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ data: { ...form, number: form.number.trim(), holder: form.holder.trim() } });
  };
  return (
    <SectionCard title={t('backOffice.cards.add')} lead={t('backOffice.cards.lead')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('backOffice.cards.partner')}
            data={agencies}
            value={form.agency_id}
            onChange={(v) => setForm({ ...form, agency_id: v ?? '' })}
            w={220}
          />
          <TextInput
            label={t('backOffice.cards.number')}
            autoComplete="off"
            value={form.number}
            onChange={(e) => setForm({ ...form, number: e.currentTarget.value })}
            w={220}
          />
          <NumberInput
            label={t('backOffice.cards.month')}
            min={1}
            max={12}
            w={80}
            value={form.exp_month}
            onChange={(v) => setForm({ ...form, exp_month: Number(v) })}
          />
          <NumberInput
            label={t('backOffice.cards.year')}
            min={2000}
            max={2100}
            w={100}
            value={form.exp_year}
            onChange={(v) => setForm({ ...form, exp_year: Number(v) })}
          />
          <TextInput
            label={t('backOffice.cards.holder')}
            value={form.holder}
            onChange={(e) => setForm({ ...form, holder: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={create.isPending}>
            {t('backOffice.cards.submit')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
