// /admin/partner?id=…: one partner with its name, status and flags, supervisors, channels (where an
// airline is connected end to end), credit cards and fees, the duplicate action (copies the
// configuration, never its secrets) and, for Admin alone, archiving.
import type { Agency, TransactionFee } from '@contrail/sdk';
import {
  useCreateSupervisor,
  useDeleteSupervisor,
  useDuplicateAgency,
  useGetAgency,
  useListCreditCards,
  useListSupervisors,
  useSetAgencyCorporateNumber,
  useSetAgencyGhostSegmentsRemarks,
  useSetAgencyProductionApi,
  useUpdateAgencyTransactionFee,
  useUpdateSupervisor,
} from '@contrail/sdk/react';
import { Button, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { navigate } from '../../../lib/router';
import { adminPaths } from '../paths';
import { EditCard } from '../components/edit-card';
import { PartnerChannels } from '../components/partner-channels';
import { PartnerDetails } from './partner-details';
import { ListState } from '../components/loading';
import { PeopleTable } from '../components/people-table';
import { PersonForm } from '../components/person-form';
import { useQueryParam } from '../../../lib/router';
import { shownValue, useSaved } from '../use-back-office';

export function PartnerScreen() {
  const { t } = useManageTexts();
  const id = useQueryParam('id');
  const agency = useGetAgency(id);
  useDocumentTitle(agency.data?.name ?? t('backOffice.nav.partners'));
  if (!agency.data) return <ListState pending={agency.isPending} empty />;
  return (
    <Stack gap="lg">
      <Title order={2}>{agency.data.name}</Title>
      <PartnerDetails agency={agency.data} />
      <Flags agency={agency.data} />
      <Supervisors agencyId={id} />
      <PartnerChannels agencyId={id} title={t('backOffice.channels.title')} lead={t('manage.channel.connectLead')} />
      <Cards agencyId={id} />
      <Fees agency={agency.data} />
    </Stack>
  );
}

function Flags({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const options = { mutation: { onSuccess: saved } };
  const production = useSetAgencyProductionApi(options);
  const corporate = useSetAgencyCorporateNumber(options);
  const ghost = useSetAgencyGhostSegmentsRemarks(options);
  const duplicate = useDuplicateAgency({
    mutation: { onSuccess: (copy) => (saved(), navigate(`${adminPaths.partner}?id=${copy.id}`)) },
  });
  const flags = [
    ['production_api_on', production],
    ['corporate_number_on', corporate],
    ['ghost_segments_remarks_on', ghost],
  ] as const;
  return (
    <SectionCard title={t('backOffice.partner.flags')}>
      <Group gap="xl">
        {flags.map(([flag, mutation]) => (
          <Switch
            key={flag}
            label={t(`backOffice.partner.${flag}`)}
            checked={shownValue(mutation, (v) => v.data.active, agency[flag])}
            onChange={(e) => mutation.mutate({ id: agency.id, data: { active: e.currentTarget.checked } })}
          />
        ))}
      </Group>
      <Group>
        <Button variant="light" loading={duplicate.isPending} onClick={() => duplicate.mutate({ id: agency.id })}>
          {t('backOffice.partner.duplicate')}
        </Button>
      </Group>
    </SectionCard>
  );
}

export function Supervisors({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const list = useListSupervisors(agencyId, { per_page: 100 });
  const saved = useSaved();
  const create = useCreateSupervisor({ mutation: { onSuccess: saved } });
  const remove = useDeleteSupervisor({ mutation: { onSuccess: saved } });
  const role = useUpdateSupervisor({ mutation: { onSuccess: saved } });
  const people = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.supervisors.title')}>
      <ListState pending={list.isPending} empty={people.length === 0} />
      {people.length > 0 && (
        <PeopleTable
          people={people}
          label={t('backOffice.supervisors.title')}
          action={(p) => (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                onClick={() => role.mutate({ agencyId, id: p.id, data: { user_type: 'Agent' } })}
              >
                {t('backOffice.roles.makeAgent')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ agencyId, id: p.id })}>
                {t('backOffice.remove')}
              </Button>
            </Group>
          )}
        />
      )}
      <PersonForm
        submitLabel={t('backOffice.supervisors.add')}
        pending={create.isPending}
        onSubmit={(data, reset) => create.mutate({ agencyId, data }, { onSuccess: reset })}
      />
    </SectionCard>
  );
}

function Cards({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const list = useListCreditCards({ agency_id: agencyId, per_page: 100 });
  const cards = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.cards.title')}>
      <ListState pending={list.isPending} empty={cards.length === 0} />
      {cards.map((c) => (
        <Group key={c.id} justify="space-between" gap="xs">
          <Text size="sm">{`${c.brand} •••• ${c.last4} · ${String(c.exp_month).padStart(2, '0')}/${c.exp_year} · ${c.holder}`}</Text>
          <EditCard card={c} />
        </Group>
      ))}
    </SectionCard>
  );
}

function Fees({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('backOffice.fees.title')}>
      <Table>
        <Table.Tbody>
          {agency.agency_transaction_fees.map((f) => (
            <FeeRow key={f.id} fee={f} />
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

function FeeRow({ fee }: { fee: TransactionFee }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(fee.amount.amount);
  const saved = useSaved();
  const update = useUpdateAgencyTransactionFee({ mutation: { onSuccess: saved } });
  const label = t(`backOffice.fees.${fee.kind}`);
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={label}
            size="xs"
            w={110}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <Text size="sm">{fee.amount.currency}</Text>
          <Button
            size="xs"
            variant="light"
            disabled={amount === fee.amount.amount}
            onClick={() =>
              update.mutate({ id: fee.id, data: { amount: { amount: amount.trim(), currency: fee.amount.currency } } })
            }
          >
            {t('backOffice.fees.save')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
