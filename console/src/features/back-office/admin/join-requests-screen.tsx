// Connection requests (product spec §4): a company asks to join a partner, the partner answers
// (accepting or declining takes one off the pending list), the asking agent may withdraw it, and a
// connected company is disconnected (it leaves the partner and may ask again). Staff see all and
// send a request for any company; a supervisor their own partner's; an agent their company's.
import type { JoinAgencyRequest } from '@contrail/sdk';
import {
  useAnswerJoinAgencyRequest,
  useCreateJoinAgencyRequest,
  useDeleteJoinAgencyRequest,
  useListAgencies,
  useListCompanies,
  useListJoinAgencyRequests,
} from '@contrail/sdk/react';
import { Button, Group, Select, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { ConfirmButton } from '../components/confirm-button';
import { ListState } from '../components/loading';
import { useBackOfficeRole, useSaved } from '../use-back-office';

export function JoinRequestsSection() {
  const { t } = useManageTexts();
  const role = useBackOfficeRole();
  const list = useListJoinAgencyRequests({ per_page: 100 });
  const saved = useSaved();
  const answer = useAnswerJoinAgencyRequest({ mutation: { onSuccess: saved } });
  const requests = list.data?.data ?? [];
  const answers = role.staff || role.supervisor;
  return (
    <SectionCard title={t('backOffice.joinRequests.title')} lead={t('backOffice.joinRequests.lead')}>
      <ListState pending={list.isPending} empty={requests.length === 0} />
      {requests.length > 0 && (
        <RequestsTable
          label={t('backOffice.joinRequests.title')}
          requests={requests}
          action={(r) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {answers && (
                <>
                  <Button size="xs" onClick={() => answer.mutate({ id: r.id, data: { answer: 'accept' } })}>
                    {t('backOffice.joinRequests.accept')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => answer.mutate({ id: r.id, data: { answer: 'decline' } })}
                  >
                    {t('backOffice.joinRequests.decline')}
                  </Button>
                </>
              )}
              {role.agent && <EndRequest request={r} kind="withdraw" />}
            </Group>
          )}
        />
      )}
    </SectionCard>
  );
}

/** Companies connected through an accepted request, each with its Disconnect. */
function ConnectedSection() {
  const { t } = useManageTexts();
  const list = useListJoinAgencyRequests({ per_page: 100, status: 'accepted' });
  const connected = list.data?.data ?? [];
  return (
    <SectionCard title={t('manage.join.connected')} lead={t('manage.join.connectedLead')}>
      <ListState pending={list.isPending} empty={connected.length === 0} />
      {connected.length > 0 && (
        <RequestsTable
          label={t('manage.join.connected')}
          requests={connected}
          action={(r) => <EndRequest request={r} kind="disconnect" />}
        />
      )}
    </SectionCard>
  );
}

function RequestsTable({
  label,
  requests,
  action,
}: {
  label: string;
  requests: JoinAgencyRequest[];
  action: (r: JoinAgencyRequest) => ReactNode;
}) {
  const { t } = useManageTexts();
  return (
    <TableScroll minWidth={520} label={label} hasControls>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backOffice.joinRequests.company')}</Table.Th>
            <Table.Th>{t('backOffice.joinRequests.partner')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('manage.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.company_name}</Table.Td>
              <Table.Td>{r.agency_name}</Table.Td>
              <Table.Td>{action(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function EndRequest({ request: r, kind }: { request: JoinAgencyRequest; kind: 'withdraw' | 'disconnect' }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const remove = useDeleteJoinAgencyRequest({ mutation: { onSuccess: saved } });
  const names = { company: r.company_name, partner: r.agency_name };
  return (
    <ConfirmButton
      label={t(`manage.join.${kind}`)}
      ariaLabel={t(`manage.join.${kind}For`, names)}
      title={t(`manage.join.${kind}Title`, names)}
      text={t(`manage.join.${kind}Text`, names)}
      confirmLabel={t(`manage.join.${kind}`)}
      pending={remove.isPending}
      run={(done) => remove.mutate({ id: r.id }, { onSuccess: done })}
    />
  );
}

/** Staff name the partner and the company; an agent asks for their own company by the partner's ID. */
function SendRequest() {
  const { t } = useManageTexts();
  const role = useBackOfficeRole();
  const agencies = useListAgencies({ per_page: 100 }, { query: { enabled: role.staff } });
  const companies = useListCompanies({ per_page: 100 }, { query: { enabled: role.staff } });
  const saved = useSaved();
  const [form, setForm] = useState({ agency_id: '', company_id: '' });
  const create = useCreateJoinAgencyRequest({
    mutation: { onSuccess: () => (setForm({ agency_id: '', company_id: '' }), saved()) },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      data: {
        agency_id: form.agency_id.trim(),
        ...(role.staff && form.company_id ? { company_id: form.company_id } : {}),
      },
    });
  };
  return (
    <SectionCard
      title={t('manage.join.send')}
      lead={t(role.staff ? 'manage.join.sendLeadStaff' : 'manage.join.sendLead')}
    >
      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="flex-end">
          {role.staff ? (
            <>
              <Select
                label={t('backOffice.joinRequests.partner')}
                w={240}
                searchable
                value={form.agency_id || null}
                data={(agencies.data?.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                onChange={(v) => setForm({ ...form, agency_id: v ?? '' })}
              />
              <Select
                label={t('backOffice.joinRequests.company')}
                w={240}
                searchable
                value={form.company_id || null}
                data={(companies.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                onChange={(v) => setForm({ ...form, company_id: v ?? '' })}
              />
            </>
          ) : (
            <TextInput
              label={t('manage.join.partnerId')}
              w={280}
              value={form.agency_id}
              onChange={(e) => setForm({ ...form, agency_id: e.currentTarget.value })}
            />
          )}
          <Button type="submit" loading={create.isPending}>
            {t('manage.join.submit')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

export function JoinRequestsScreen() {
  const { t } = useManageTexts();
  const role = useBackOfficeRole();
  useDocumentTitle(t('backOffice.nav.joinRequests'));
  return (
    <Stack gap="lg">
      {(role.staff || role.agent) && <SendRequest />}
      <JoinRequestsSection />
      <ConnectedSection />
    </Stack>
  );
}

/** The agency page's part: the pending requests to answer and the companies connected. */
export function AgencyJoinRequests() {
  return (
    <>
      <JoinRequestsSection />
      <ConnectedSection />
    </>
  );
}
