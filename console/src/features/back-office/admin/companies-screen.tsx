// /admin/companies: companies by gate state; switching a company's gate moves it to the other list.
import { useListCompanies, useSetCompanyGate } from '@contrail/sdk/react';
import { Anchor, Stack, Switch, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { linkProps } from '../../../lib/router';
import { adminPaths } from '../paths';
import { GateTabs, type GateList } from '../components/gate-tabs';
import { ListState } from '../components/loading';
import { shownValue, useSaved } from '../use-back-office';
import { TableScroll } from '../../../components/table-scroll';

export function CompaniesScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.companies'));
  const [gate, setGate] = useState<GateList>('open');
  // Channels come embedded (`expand=channels`): one call for the page, not one per company.
  const list = useListCompanies({ gate, per_page: 100, expand: 'channels' });
  const saved = useSaved();
  const switchGate = useSetCompanyGate({ mutation: { onSuccess: saved } });
  const companies = list.data?.data ?? [];
  return (
    <Stack gap="lg">
      <SectionCard title={t('backOffice.companies.title')} lead={t('backOffice.companies.lead')}>
        <GateTabs value={gate} onChange={setGate} />
        <ListState pending={list.isPending} empty={companies.length === 0} />
        {companies.length > 0 && (
          <TableScroll minWidth={560} hasControls>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backOffice.companies.name')}</Table.Th>
                  <Table.Th>{t('backOffice.companies.balance')}</Table.Th>
                  <Table.Th>{t('backOffice.companies.agents')}</Table.Th>
                  <Table.Th>{t('backOffice.partners.channelsOn')}</Table.Th>
                  <Table.Th>{t('backOffice.gate.ticketing')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {companies.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor {...linkProps(`${adminPaths.company}?id=${c.id}`)}>{c.name}</Anchor>
                    </Table.Td>
                    <Table.Td>{`${c.balance_amount.amount} ${c.balance_amount.currency}`}</Table.Td>
                    <Table.Td>{c.agents_count}</Table.Td>
                    <Table.Td>
                      {t('backOffice.partners.channelsOf', {
                        on: (c.channels ?? []).filter((ch) => ch.active).length,
                        total: (c.channels ?? []).length,
                      })}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('backOffice.gate.switchFor', { name: c.name })}
                        checked={shownValue(
                          switchGate,
                          (v) => (v.id === c.id ? v.data.active : undefined),
                          c.ticketing_active,
                        )}
                        onChange={(e) => switchGate.mutate({ id: c.id, data: { active: e.currentTarget.checked } })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </SectionCard>
    </Stack>
  );
}
