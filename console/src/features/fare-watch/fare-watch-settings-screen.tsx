// /settings/fare_watch: the agency's Fare Watch settings, for its supervisors and staff (staff first
// choose the agency). An agent who opens it by its address is told so in one sentence.
import { useGetFareWatchSettings, useListAgencies } from '@contrail/sdk/react';
import { Center, Loader, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { RoleNotice } from '../../components/role-notice';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFareWatchTexts } from '../../hooks/use-fare-watch-texts';
import { SettingsForm } from './components/settings-form';

function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

function AgencySettings({ agencyId }: { agencyId?: string }) {
  const { t } = useFareWatchTexts();
  const settings = useGetFareWatchSettings(agencyId ? { agency_id: agencyId } : undefined);
  if (!settings.data) return <Loading label={t('app.loading')} />;
  // Keyed by agency: another agency's settings start a fresh draft.
  return <SettingsForm key={settings.data.agency_id} settings={settings.data} agencyId={agencyId} />;
}

function StaffSettings() {
  const { t } = useFareWatchTexts();
  const agencies = useListAgencies({ per_page: 100 });
  const [agencyId, setAgencyId] = useState('');
  const chosen = agencyId || agencies.data?.data[0]?.id || '';
  if (!agencies.data) return <Loading label={t('app.loading')} />;
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('fareWatch.settings.agency')}
        description={t('fareWatch.settings.agencyHint')}
        maw={420}
        value={chosen}
        onChange={(e) => setAgencyId(e.currentTarget.value)}
        data={agencies.data.data.map((a) => ({ value: a.id, label: a.name }))}
      />
      {chosen && <AgencySettings agencyId={chosen} />}
    </Stack>
  );
}

export function FareWatchSettingsScreen() {
  const { t } = useFareWatchTexts();
  useDocumentTitle(t('fareWatch.settings.title'));
  const account = useCurrentAccount().data;
  if (!account) return <Loading label={t('app.loading')} />;
  if (account.user_type === 'Agent')
    return <RoleNotice title={t('fareWatch.settings.title')} text={t('fareWatch.settings.forSupervisors')} />;
  if (account.user_type === 'Supervisor') return <AgencySettings />;
  return <StaffSettings />;
}
