// Pending connection requests (product spec §4): accepting or declining takes one off the list.
// Staff see all; a supervisor their own partner's (the API decides).
import { useAnswerJoinAgencyRequest, useListJoinAgencyRequests } from '@contrail/sdk/react';
import { Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ListState } from '../components/loading';
import { useSaved } from '../use-back-office';

export function JoinRequestsSection() {
  const { t } = useTranslation();
  const list = useListJoinAgencyRequests({ per_page: 100 });
  const saved = useSaved();
  const answer = useAnswerJoinAgencyRequest({ mutation: { onSuccess: saved } });
  const requests = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.joinRequests.title')} lead={t('backOffice.joinRequests.lead')}>
      <ListState pending={list.isPending} empty={requests.length === 0} />
      {requests.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backOffice.joinRequests.company')}</Table.Th>
              <Table.Th>{t('backOffice.joinRequests.partner')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.company_name}</Table.Td>
                <Table.Td>{r.agency_name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
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
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}

export function JoinRequestsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.joinRequests'));
  return <JoinRequestsSection />;
}
