// A partner's channels in one place (product spec §7, ticketing channels): staff connect an airline
// here (the channel with its credential), then set its form of payment and card and switch it on
// in the channel's own card below; a supervisor sees the same cards with the controls their role
// has (channel-editor.tsx).
import {
  useCreateAgencyChannel,
  useListAgencyChannels,
  useListCreditCards,
  useListSourceChannels,
} from '@contrail/sdk/react';
import { Button, Checkbox, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { useBackOfficeRole, useSaved } from '../use-back-office';
import { ChannelEditor } from './channel-editor';
import { ListState } from './loading';

export function PartnerChannels({ agencyId, title, lead }: { agencyId: string; title: string; lead?: string }) {
  const role = useBackOfficeRole();
  const channels = useListAgencyChannels({ agency_id: agencyId, per_page: 100 });
  const cards = useListCreditCards({ agency_id: agencyId, per_page: 100 });
  const rows = channels.data?.data ?? [];
  // The channel whose settings are open: a newly connected one opens, for its payment and switch.
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <SectionCard title={title} lead={lead}>
      {role.staff && <ConnectAirline agencyId={agencyId} onConnected={setOpened} />}
      <ListState pending={channels.isPending} empty={rows.length === 0} />
      <Stack gap="sm">
        {rows.map((c) => (
          <ChannelEditor
            key={c.id}
            channel={c}
            cards={cards.data?.data ?? []}
            role={role}
            opened={opened === c.id}
            onToggle={() => setOpened(opened === c.id ? null : c.id)}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}

function ConnectAirline({ agencyId, onConnected }: { agencyId: string; onConnected: (id: string) => void }) {
  const { t } = useManageTexts();
  const sources = useListSourceChannels({ per_page: 100 });
  const saved = useSaved();
  const blank = { source: '', name: '', secret: '', on: true };
  const [form, setForm] = useState(blank);
  const create = useCreateAgencyChannel({
    mutation: { onSuccess: (channel) => (setForm(blank), onConnected(channel.id), saved()) },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      data: {
        agency_id: agencyId,
        source_channel_id: form.source,
        name: form.name.trim(),
        on_by_admin: form.on,
        ...(form.secret ? { credential: { secret: form.secret } } : {}),
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('manage.channel.connect')}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('manage.channel.airline')}
            w={220}
            value={form.source}
            data={(sources.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.title} (${s.carrier})` }))}
            onChange={(v) => {
              const source = sources.data?.data.find((s) => s.id === v);
              setForm({ ...form, source: v ?? '', name: form.name || (source?.title ?? '') });
            }}
          />
          <TextInput
            label={t('manage.channel.name')}
            w={220}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <PasswordInput
            label={t('manage.channel.secret')}
            autoComplete="off"
            w={240}
            value={form.secret}
            onChange={(e) => setForm({ ...form, secret: e.currentTarget.value })}
          />
          <Checkbox
            label={t('manage.channel.onByAdmin')}
            checked={form.on}
            onChange={(e) => setForm({ ...form, on: e.currentTarget.checked })}
            mb={8}
          />
          <Button type="submit" loading={create.isPending}>
            {t('manage.channel.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
