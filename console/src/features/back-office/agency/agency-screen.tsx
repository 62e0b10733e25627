// /agency: a supervisor's own partner: users and subagents, channel settings (form of payment,
// card, nego and resident fares codes, the agency's switch), each company's access to the channels,
// connection requests and booking visibility. The API limits every call to this partner; another
// partner's ids answer 404.
import {
  useCreateAgentCompanyRelationship,
  useCreateCompany,
  useDeleteAgentCompanyRelationship,
  useListAgentCompanyRelationships,
  useListCompanies,
  useUpdateSupervisor,
} from '@contrail/sdk/react';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { Supervisors } from '../admin/partner-screen';
import { AgencyJoinRequests } from '../admin/join-requests-screen';
import { CompanyLedgers } from './ledger-section';
import { CompanyChannels, SharedBookings } from '../admin/company-screen';
import { ConfirmButton } from '../components/confirm-button';
import { PartnerChannels } from '../components/partner-channels';
import { ListState } from '../components/loading';
import { PeopleTable } from '../components/people-table';
import { PersonForm } from '../components/person-form';
import { RoleNotice } from '../../../components/role-notice';
import { useSaved } from '../use-back-office';

export function AgencyScreen() {
  const { t } = useManageTexts();
  const account = useCurrentAccount().data;
  useDocumentTitle(t('backOffice.agency.title'));
  const agencyId = account?.agency?.id;
  // Only a supervisor runs the agency: nobody else is shown forms that every call would refuse.
  if (account && account.user_type !== 'Supervisor')
    return <RoleNotice title={t('backOffice.agency.title')} text={t('backOffice.roleNotice.supervisorsOnly')} />;
  if (!agencyId) return <ListState pending={!account} empty />;
  // Balances are the `balance` permission's (a supervisor holds it; the server refuses the ledger without it).
  const seesBalance = account.permissions.includes('balance');
  return (
    <Stack gap="lg">
      <Title order={1}>{account.agency?.name ?? t('backOffice.agency.title')}</Title>
      <PartnerChannels
        agencyId={agencyId}
        title={t('backOffice.agency.channels')}
        lead={t('manage.channel.agencyLead')}
      />
      <Supervisors agencyId={agencyId} />
      <Subagents agencyId={agencyId} seesBalance={seesBalance} />
      {seesBalance && <CompanyLedgers />}
      <AgencyJoinRequests />
    </Stack>
  );
}

function Subagents({ agencyId, seesBalance }: { agencyId: string; seesBalance: boolean }) {
  const { t } = useManageTexts();
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
            {seesBalance ? `${c.name} · ${c.balance_amount.amount} ${c.balance_amount.currency}` : c.name}
          </Title>
          <SharedBookings company={c} />
          <Agents companyId={c.id} companyName={c.name} agencyId={agencyId} />
          <CompanyChannels company={c} title={t('manage.companyAccess', { name: c.name })} />
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

function Agents({ companyId, companyName, agencyId }: { companyId: string; companyName: string; agencyId: string }) {
  const { t } = useManageTexts();
  const list = useListAgentCompanyRelationships({ company_id: companyId, per_page: 100 });
  const saved = useSaved();
  const add = useCreateAgentCompanyRelationship({ mutation: { onSuccess: saved } });
  const role = useUpdateSupervisor({ mutation: { onSuccess: saved } });
  const remove = useDeleteAgentCompanyRelationship({ mutation: { onSuccess: saved } });
  const relationships = (list.data?.data ?? []).filter((r) => r.agent.user_type === 'Agent');
  const agents = relationships.map((r) => r.agent);
  return (
    <Stack gap="xs" pl="md">
      {agents.length > 0 && (
        <PeopleTable
          people={agents}
          label={t('backOffice.agency.subagents')}
          action={(p) => {
            const name = `${p.first_name} ${p.last_name}`;
            const relationship = relationships.find((r) => r.agent.id === p.id);
            return (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => role.mutate({ agencyId, id: p.id, data: { user_type: 'Supervisor' } })}
                >
                  {t('backOffice.roles.makeSupervisor')}
                </Button>
                {relationship && (
                  <ConfirmButton
                    label={t('backOffice.remove')}
                    ariaLabel={t('manage.agent.removeFor', { name })}
                    title={t('manage.agent.removeTitle', { name, company: companyName })}
                    text={t('manage.agent.removeText')}
                    confirmLabel={t('manage.agent.remove')}
                    pending={remove.isPending}
                    run={(done) => remove.mutate({ id: relationship.id }, { onSuccess: done })}
                  />
                )}
              </Group>
            );
          }}
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
