// One partner channel with the controls the signed-in role may use (product spec §6, §7): staff
// switch it on, save its credential and delete it; staff and the partner's supervisors set its form
// of payment, card, nego and resident fares codes and the agency's own switch, and add a card to it
// or take its card off. The derived state comes from the API (one decision, channel-state.ts).
// A partner has a channel per airline: the switches, form of payment and card show at once, the
// rest (codes, credential, cards, delete) when the channel's settings are opened.
import type { AgencyChannel, AgencyChannelUpdate, CreditCard } from '@contrail/sdk';
import {
  useAddAgencyChannelCreditCard,
  useDeleteAgencyChannel,
  useRemoveAgencyChannelCreditCard,
  useUpdateAgencyChannel,
} from '@contrail/sdk/react';
import { Badge, Button, Card, Group, PasswordInput, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { shownValue, useSaved, type BackOfficeRole } from '../use-back-office';
import { CardFields, emptyCard, type CardDraft } from './card-fields';
import { ChannelEndpointEditor } from './channel-endpoint-editor';
import { ConfirmButton } from './confirm-button';

const forms = ['bsp_cash', 'credit_card', 'company_balance'] as const;
const cardName = (card: Pick<CreditCard, 'brand' | 'last4'>) => `${card.brand} •••• ${card.last4}`;

export function ChannelEditor({
  channel: c,
  cards,
  role,
  opened,
  onToggle,
}: {
  channel: AgencyChannel;
  cards: CreditCard[];
  role: BackOfficeRole;
  opened: boolean;
  onToggle: () => void;
}) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const update = useUpdateAgencyChannel({ mutation: { onSuccess: saved } });
  const set = (data: AgencyChannelUpdate) => update.mutate({ id: c.id, data });
  return (
    <Card withBorder padding="md" component="article" aria-label={c.title} data-testid={`channel-${c.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {c.title}
          </Title>
          <Group gap="xs">
            <Badge color={c.credential.active ? 'green' : 'gray'} variant="light">
              {t(c.credential.active ? 'manage.channel.credentialSet' : 'manage.channel.credentialMissing')}
            </Badge>
            <Badge color={c.active ? 'green' : 'gray'} variant="light">
              {t(c.active ? 'backOffice.channels.active' : 'backOffice.channels.inactive')}
            </Badge>
          </Group>
        </Group>
        <Group gap="md" align="flex-end">
          {role.staff && (
            <Switch
              label={t('manage.channel.onByAdmin')}
              checked={shownValue(update, (v) => v.data.on_by_admin, c.on_by_admin)}
              onChange={(e) => set({ on_by_admin: e.currentTarget.checked })}
              mb={8}
            />
          )}
          <Switch
            label={t('manage.channel.onBySupervisor')}
            checked={shownValue(update, (v) => v.data.active_by_supervisor, c.active_by_supervisor)}
            onChange={(e) => set({ active_by_supervisor: e.currentTarget.checked })}
            mb={8}
          />
          <Select
            label={t('backOffice.channels.formOfPayment')}
            aria-label={t('backOffice.channels.formOfPaymentFor', { name: c.title })}
            w={200}
            value={shownValue(update, (v) => v.data.form_of_payment, c.form_of_payment)}
            allowDeselect={false}
            data={forms.map((f) => ({ value: f, label: t(`backOffice.fop.${f}`) }))}
            onChange={(value) => value && set({ form_of_payment: value })}
          />
          <Select
            label={t('backOffice.channels.card')}
            aria-label={t('backOffice.channels.cardFor', { name: c.title })}
            w={220}
            value={shownValue(update, (v) => v.data.ticketing_credit_card_id, c.ticketing_credit_card_id)}
            data={cards.map((card) => ({ value: card.id, label: cardName(card) }))}
            onChange={(value) => value && set({ ticketing_credit_card_id: value })}
          />
          <Button
            variant="subtle"
            aria-expanded={opened}
            aria-label={t(opened ? 'manage.channel.lessFor' : 'manage.channel.moreFor', { name: c.title })}
            onClick={onToggle}
          >
            {t(opened ? 'manage.channel.less' : 'manage.channel.more')}
          </Button>
        </Group>
        {opened && (
          <Stack gap="sm">
            {c.credit_card && (
              <Group>
                <RemoveCard channel={c} card={c.credit_card} />
              </Group>
            )}
            <Codes channel={c} pending={update.isPending} onSave={set} />
            {role.staff && <Credential channel={c} />}
            {role.staff && <ChannelEndpointEditor channelId={c.id} />}
            <AddCard channel={c} />
            {role.staff && <DeleteChannel channel={c} />}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function Codes({
  channel: c,
  pending,
  onSave,
}: {
  channel: AgencyChannel;
  pending: boolean;
  onSave: (data: AgencyChannelUpdate) => void;
}) {
  const { t } = useManageTexts();
  const [nego, setNego] = useState(c.nego_code ?? '');
  const [resident, setResident] = useState(c.resident_fares_code ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An emptied field clears the code: the channel then shows only public fares of that kind.
    onSave({ nego_code: nego.trim() || null, resident_fares_code: resident.trim() || null });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('manage.channel.negoCode')}
          w={180}
          value={nego}
          onChange={(e) => setNego(e.currentTarget.value)}
        />
        <TextInput
          label={t('manage.channel.residentCode')}
          w={180}
          value={resident}
          onChange={(e) => setResident(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={pending}>
          {t('manage.channel.saveCodes')}
        </Button>
      </Group>
    </form>
  );
}

function Credential({ channel: c }: { channel: AgencyChannel }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const [secret, setSecret] = useState('');
  const update = useUpdateAgencyChannel({ mutation: { onSuccess: () => (setSecret(''), saved()) } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: c.id, data: { credential: { secret } } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-end">
        <PasswordInput
          label={t('manage.channel.newSecret')}
          description={t('manage.channel.secretHint')}
          autoComplete="off"
          w={320}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={update.isPending}>
          {t('manage.channel.saveSecret')}
        </Button>
      </Group>
    </form>
  );
}

function AddCard({ channel: c }: { channel: AgencyChannel }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<CardDraft>(emptyCard);
  const add = useAddAgencyChannelCreditCard({
    mutation: { onSuccess: () => (setDraft(emptyCard()), setOpen(false), saved()) },
  });
  if (!open)
    return (
      <Group>
        <Button variant="subtle" size="xs" onClick={() => setOpen(true)}>
          {t('manage.channel.addCard')}
        </Button>
      </Group>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ id: c.id, data: { ...draft, number: draft.number.trim(), holder: draft.holder.trim() } });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('manage.channel.addCard')}>
      <Group gap="sm" align="flex-end">
        <CardFields draft={draft} onChange={setDraft} withNumber />
        <Button type="submit" loading={add.isPending}>
          {t('manage.channel.addCardSubmit')}
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          {t('manage.cancel')}
        </Button>
      </Group>
    </form>
  );
}

function RemoveCard({ channel: c, card }: { channel: AgencyChannel; card: CreditCard }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const remove = useRemoveAgencyChannelCreditCard({ mutation: { onSuccess: saved } });
  return (
    <ConfirmButton
      size="sm"
      label={t('manage.channel.removeCard')}
      title={t('manage.channel.removeCardTitle', { card: cardName(card), name: c.title })}
      text={t('manage.channel.removeCardText')}
      confirmLabel={t('manage.channel.removeCard')}
      pending={remove.isPending}
      run={(done) => remove.mutate({ id: c.id, creditCardId: card.id }, { onSuccess: done })}
    />
  );
}

function DeleteChannel({ channel: c }: { channel: AgencyChannel }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const remove = useDeleteAgencyChannel({ mutation: { onSuccess: saved } });
  return (
    <Group>
      <ConfirmButton
        label={t('manage.channel.delete')}
        title={t('manage.channel.deleteTitle', { name: c.title })}
        text={t('manage.channel.deleteText')}
        confirmLabel={t('manage.channel.delete')}
        pending={remove.isPending}
        run={(done) => remove.mutate({ id: c.id }, { onSuccess: done })}
      />
    </Group>
  );
}
