// How the account hears of each family of events (GET/PUT /account/notification_preferences): in
// the console, by email (in the account's language), both, or not at all. Each choice saves at
// once. An agent sees the families that reach agents; supervisors and staff see them all.
import type { AccountDetails, EventFamily, NotificationChannel } from '@contrail/sdk';
import {
  getGetNotificationPreferencesQueryKey,
  useGetNotificationPreferences,
  useUpdateNotificationPreferences,
} from '@contrail/sdk/react';
import { NativeSelect, SimpleGrid, Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useNotify } from '../../../notifications';

const channels: readonly NotificationChannel[] = ['in_app', 'email', 'both', 'none'];
// The agency's money and integrations are the supervisors' (and staff's) business.
const agentFamilies: readonly EventFamily[] = ['booking', 'emd', 'schedule_change', 'sales_report', 'support_case'];

export function NotificationPreferencesForm({ account }: { account: AccountDetails }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const preferences = useGetNotificationPreferences();
  const update = useUpdateNotificationPreferences({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(getGetNotificationPreferencesQueryKey(), saved);
        notify({ type: 'success', text: t('settings.notifications.saved') });
      },
    },
  });
  const families = (preferences.data?.families ?? []).filter(
    (f) => account.user_type !== 'Agent' || agentFamilies.includes(f.family),
  );
  return (
    <SectionCard title={t('settings.notifications.title')} lead={t('settings.notifications.lead')}>
      {preferences.isPending ? (
        <Skeleton height={120} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {families.map((f) => (
            <NativeSelect
              key={f.family}
              label={
                // The back-office connections' family goes by its page's name (no second text in
                // the shared locale files, which every first visit loads).
                f.family === 'back_office_connection'
                  ? t('settings.nav.backOffice')
                  : t(`settings.notifications.families.${f.family}`)
              }
              value={f.channel}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({ data: { [f.family]: event.currentTarget.value as NotificationChannel } })
              }
              data={channels.map((c) => ({
                value: c,
                label:
                  c === f.default_channel
                    ? t('settings.notifications.defaultChoice', { channel: t(`settings.notifications.channels.${c}`) })
                    : t(`settings.notifications.channels.${c}`),
              }))}
            />
          ))}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}
