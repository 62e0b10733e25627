// A company's markups: fixed (an amount in a currency) or a percentage, by carrier and cabin; a
// markup's value is changed in its own row.
import type { Markup, MarkupCreateKind } from '@contrail/sdk';
import { useCreateMarkup, useDeleteMarkup, useUpdateMarkup } from '@contrail/sdk/react';
import { Button, Group, Select, Table, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { ListState } from '../components/loading';
import { useSaved } from '../use-back-office';

/** `markups` come with the company (`expand=markups`): the screen reads them in its one call. */
export function Markups({ companyId, markups }: { companyId: string; markups: Markup[] }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const create = useCreateMarkup({ mutation: { onSuccess: saved } });
  const remove = useDeleteMarkup({ mutation: { onSuccess: saved } });
  const [form, setForm] = useState({ carrier: '', cabin: '', kind: 'percentage' as MarkupCreateKind, value: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      id: companyId,
      data: {
        carrier: form.carrier.trim().toUpperCase() || null,
        cabin: (form.cabin || null) as 'Y' | 'C' | null,
        kind: form.kind,
        value: form.value.trim(),
        currency: form.kind === 'fixed' ? 'EUR' : null,
      },
    });
  };
  return (
    <SectionCard title={t('backOffice.markups.title')}>
      <ListState pending={false} empty={markups.length === 0} />
      {markups.length > 0 && (
        <Table striped>
          <Table.Tbody>
            {markups.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.carrier ?? t('backOffice.markups.anyCarrier')}</Table.Td>
                <Table.Td>
                  {m.cabin ? t(`backOffice.markups.cabin${m.cabin}`) : t('backOffice.markups.anyCabin')}
                </Table.Td>
                <MarkupValue markup={m} />
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ id: m.id })}>
                    {t('backOffice.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('backOffice.markups.carrier')}
            maxLength={2}
            w={90}
            value={form.carrier}
            onChange={(e) => setForm({ ...form, carrier: e.currentTarget.value })}
          />
          <Select
            label={t('backOffice.markups.cabin')}
            w={140}
            value={form.cabin}
            onChange={(v) => setForm({ ...form, cabin: v ?? '' })}
            data={[
              { value: '', label: t('backOffice.markups.anyCabin') },
              { value: 'Y', label: t('backOffice.markups.cabinY') },
              { value: 'C', label: t('backOffice.markups.cabinC') },
            ]}
          />
          <Select
            label={t('backOffice.markups.kind')}
            w={160}
            value={form.kind}
            onChange={(v) => setForm({ ...form, kind: v ?? 'percentage' })}
            data={[
              { value: 'percentage', label: t('backOffice.markups.percentage') },
              { value: 'fixed', label: t('backOffice.markups.fixed') },
            ]}
          />
          <TextInput
            label={t('backOffice.markups.value')}
            w={110}
            value={form.value}
            onChange={(e) => setForm({ ...form, value: e.currentTarget.value })}
          />
          <Button type="submit" loading={create.isPending}>
            {t('backOffice.markups.add')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

/** The markup's value, and the same cell as a field with Save while it is being changed. */
function MarkupValue({ markup: m }: { markup: Markup }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const [value, setValue] = useState<string | null>(null);
  const update = useUpdateMarkup({ mutation: { onSuccess: () => (setValue(null), saved()) } });
  const shown = m.kind === 'fixed' ? `${m.value} ${m.currency ?? ''}` : `${m.value} %`;
  if (value === null)
    return (
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <span>{shown}</span>
          <Button
            size="xs"
            variant="subtle"
            aria-label={t('manage.markup.editFor', { value: shown })}
            onClick={() => setValue(m.value)}
          >
            {t('manage.edit')}
          </Button>
        </Group>
      </Table.Td>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: m.id, data: { value: value.trim() } });
  };
  return (
    <Table.Td>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('manage.markup.value')}
            size="xs"
            w={90}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <Button type="submit" size="xs" loading={update.isPending}>
            {t('manage.save')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setValue(null)}>
            {t('manage.cancel')}
          </Button>
        </Group>
      </form>
    </Table.Td>
  );
}
