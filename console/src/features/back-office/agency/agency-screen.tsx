// /agency: a supervisor's own partner: users and subagents, channel settings (form of payment,
// card, codes), connection requests and booking visibility. The API limits every call to this
// partner; another partner's ids answer 404.
import type { AgencyChannelUpdate } from '@contrail/sdk';
import {
  useCreateAgentCompanyRelationship,
  useCreateCompany,
  useListAgencyChannels,
  useListAgentCompanyRelationships,
  useListCompanies,
  useListCreditCards,
  useUpdateAgencyChannel,
  useUpdateSupervisor,
} from '@contrail/sdk/react';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { Supervisors } from '../admin/partner-screen';
import { JoinRequestsSection } from '../admin/join-requests-screen';
import { SharedBookings } from '../admin/company-screen';
import { ChannelsTable } from '../components/channels-table';
import { ListState } from '../components/loading';
import { PeopleTable } from '../components/people-table';
import { PersonForm } from '../components/person-form';
import { RoleNotice } from '../../../components/role-notice';
import { useSaved } from '../use-back-office';

export function AgencyScreen() {
  const { t } = useTranslation();
  const account = useCurrentAccount().data;
  useDocumentTitle(t('backOffice.agency.title'));
  const agencyId = account?.agency?.id;
  // Only a supervisor runs the agency: nobody else is shown forms that every call would refuse.
  if (account && account.user_type !== 'Supervisor')
    return <RoleNotice title={t('backOffice.agency.title')} text={t('backOffice.roleNotice.supervisorsOnly')} />;
  if (!agencyId) return <ListState pending={!account} empty />;
  return (
    <Stack gap="lg">
      <Title order={1}>{account.agency?.name ?? t('backOffice.agency.title')}</Title>
      <ChannelSettings agencyId={agencyId} />
      <Supervisors agencyId={agencyId} />
      <Subagents agencyId={agencyId} />
      <JoinRequestsSection />
    </Stack>
  );
}

function ChannelSettings({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const channels = useListAgencyChannels({ agency_id: agencyId, per_page: 100 });
  const cards = useListCreditCards({ agency_id: agencyId, per_page: 100 });
  const saved = useSaved();
  const update = useUpdateAgencyChannel({ mutation: { onSuccess: saved } });
  const rows = channels.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.agency.channels')} lead={t('backOffice.agency.channelsLead')}>
      <ListState pending={channels.isPending} empty={rows.length === 0} />
      {rows.length > 0 && (
        <ChannelsTable
          channels={rows}
          cards={cards.data?.data ?? []}
          onChange={(id: string, data: AgencyChannelUpdate) => update.mutate({ id, data })}
        />
      )}
    </SectionCard>
  );
}

function Subagents({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const companies = useListCompanies({ per_page: 100 });
  const [name, setName] = useState('');
  const saved = useSaved();
  const create = useCreateCompany({ mutation: { onSuccess: () => (setName(''), saved()) } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ data: { name: name.trim() } });
  };
  const rows = companies.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.agency.subagents')} lead={t('backOffice.agency.subagentsLead')}>
      <ListState pending={companies.isPending} empty={rows.length === 0} />
      {rows.map((c) => (
        <Stack key={c.id} gap="xs">
          <Title order={3} size="h5">
            {`${c.name} · ${c.balance_amount.amount} ${c.balance_amount.currency}`}
          </Title>
          <SharedBookings company={c} />
          <Agents companyId={c.id} agencyId={agencyId} />
        </Stack>
      ))}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('backOffice.agency.subagentName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" loading={create.isPending}>
            {t('backOffice.agency.addSubagent')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

function Agents({ companyId, agencyId }: { companyId: string; agencyId: string }) {
  const { t } = useTranslation();
  const list = useListAgentCompanyRelationships({ company_id: companyId, per_page: 100 });
  const saved = useSaved();
  const add = useCreateAgentCompanyRelationship({ mutation: { onSuccess: saved } });
  const role = useUpdateSupervisor({ mutation: { onSuccess: saved } });
  const agents = (list.data?.data ?? []).map((r) => r.agent).filter((a) => a.user_type === 'Agent');
  return (
    <Stack gap="xs" pl="md">
      {agents.length > 0 && (
        <PeopleTable
          people={agents}
          label={t('backOffice.agency.subagents')}
          action={(p) => (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => role.mutate({ agencyId, id: p.id, data: { user_type: 'Supervisor' } })}
            >
              {t('backOffice.roles.makeSupervisor')}
            </Button>
          )}
        />
      )}
      <PersonForm
        submitLabel={t('backOffice.agency.addAgent')}
        pending={add.isPending}
        onSubmit={(person, reset) => add.mutate({ data: { company_id: companyId, ...person } }, { onSuccess: reset })}
      />
    </Stack>
  );
}
