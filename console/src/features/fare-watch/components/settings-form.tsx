// The agency's Fare Watch settings (GET/PUT /fare_watch/settings) as one form: watch held bookings,
// watch issued ones (and those with seats or EMDs), the minimum saving (amount and %), how often to
// check, when to stop before the time limit or departure, and automatic rebooking of holds. Saved as a whole; the channels chosen through the API are kept as they are.
// The API's 400 is shown beside the field it names.
import type { FareWatchSettings } from '@contrail/sdk';
import { getGetFareWatchSettingsQueryKey, useUpdateFareWatchSettings } from '@contrail/sdk/react';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useFareWatchTexts } from '../../../hooks/use-fare-watch-texts';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { useNotify } from '../../../notifications';

const fields = [
  'held_enabled',
  'issued_enabled',
  'issued_with_ancillaries',
  'min_saving_amount',
  'min_saving_percent',
  'check_every_hours',
  'stop_before_hours',
  'auto_apply_held',
] as const;

export function SettingsForm({ settings, agencyId }: { settings: FareWatchSettings; agencyId?: string }) {
  const { t } = useFareWatchTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(settings);
  const { errors, report, clear } = useFormErrors(fields);
  const params = agencyId ? { agency_id: agencyId } : undefined;
  const update = useUpdateFareWatchSettings({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (saved) => {
        setDraft(saved);
        queryClient.setQueryData(getGetFareWatchSettingsQueryKey(params), saved);
        notify({ type: 'success', text: t('fareWatch.settings.saved') });
      },
    },
  });
  const set = <K extends (typeof fields)[number]>(key: K, value: FareWatchSettings[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      params,
      data: {
        held_enabled: draft.held_enabled,
        issued_enabled: draft.issued_enabled,
        issued_with_ancillaries: draft.issued_with_ancillaries,
        min_saving_amount: draft.min_saving_amount.trim(),
        min_saving_percent: draft.min_saving_percent,
        check_every_hours: draft.check_every_hours,
        stop_before_hours: draft.stop_before_hours,
        auto_apply_held: draft.auto_apply_held,
        channel_ids: settings.channel_ids,
      },
    });
  };
  const integer = (value: string | number) => (typeof value === 'number' ? value : Number.parseInt(value, 10) || 0);

  return (
    <SectionCard title={t('fareWatch.settings.title')} lead={t('fareWatch.settings.lead')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Switch
            label={t('fareWatch.settings.heldEnabled')}
            checked={draft.held_enabled}
            onChange={(e) => set('held_enabled', e.currentTarget.checked)}
            error={errors.held_enabled}
          />
          <Switch
            label={t('fareWatch.settings.issuedEnabled')}
            description={t('fareWatch.settings.issuedEnabledHint')}
            checked={draft.issued_enabled}
            onChange={(e) => set('issued_enabled', e.currentTarget.checked)}
            error={errors.issued_enabled}
          />
          <Switch
            label={t('fareWatch.settings.issuedWithAncillaries')}
            description={t('fareWatch.settings.issuedWithAncillariesHint')}
            disabled={!draft.issued_enabled}
            checked={draft.issued_with_ancillaries}
            onChange={(e) => set('issued_with_ancillaries', e.currentTarget.checked)}
            error={errors.issued_with_ancillaries}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fareWatch.settings.minAmount')}
              description={t('fareWatch.settings.minAmountHint')}
              inputMode="decimal"
              value={draft.min_saving_amount}
              error={errors.min_saving_amount}
              onChange={(e) => set('min_saving_amount', e.currentTarget.value)}
            />
            <NumberInput
              label={t('fareWatch.settings.minPercent')}
              min={0}
              max={90}
              decimalScale={2}
              value={draft.min_saving_percent}
              error={errors.min_saving_percent}
              onChange={(value) => set('min_saving_percent', typeof value === 'number' ? value : Number(value) || 0)}
            />
            <NumberInput
              label={t('fareWatch.settings.checkEvery')}
              min={1}
              max={168}
              allowDecimal={false}
              value={draft.check_every_hours}
              error={errors.check_every_hours}
              onChange={(value) => set('check_every_hours', integer(value))}
            />
            <NumberInput
              label={t('fareWatch.settings.stopBefore')}
              min={0}
              max={168}
              allowDecimal={false}
              value={draft.stop_before_hours}
              error={errors.stop_before_hours}
              onChange={(value) => set('stop_before_hours', integer(value))}
            />
          </SimpleGrid>
          <Switch
            label={t('fareWatch.settings.autoApply')}
            description={t('fareWatch.settings.autoApplyHint')}
            checked={draft.auto_apply_held}
            onChange={(e) => set('auto_apply_held', e.currentTarget.checked)}
            error={errors.auto_apply_held}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('fareWatch.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
