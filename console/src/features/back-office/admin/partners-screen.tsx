// /admin/partners: partners by gate state (product spec §4), found by name when there are many.
// Switching a partner's gate moves it to the other list. New partners are created here.
import { useCreateAgency, useListAgencies, useSetPartnerGate } from '@contrail/sdk/react';
import { Anchor, Button, Group, Stack, Switch, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { linkProps } from '../../../lib/router';
import { adminPaths } from '../paths';
import { GateTabs, type GateList } from '../components/gate-tabs';
import { ListState } from '../components/loading';
import { useSaved } from '../use-back-office';
import { TableScroll } from '../../../components/table-scroll';

export function PartnersScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.partners'));
  const [gate, setGate] = useState<GateList>('open');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  // Channels come embedded (`expand=channels`): one call for the page, not one per partner.
  const list = useListAgencies({ gate, per_page: 100, expand: 'channels', ...(q ? { q } : {}) });
  const saved = useSaved();
  const switchGate = useSetPartnerGate({ mutation: { onSuccess: saved } });
  const partners = list.data?.data ?? [];
  return (
    <Stack gap="lg">
      <CreatePartner />
      <SectionCard title={t('backOffice.partners.title')} lead={t('backOffice.partners.lead')}>
        <GateTabs value={gate} onChange={setGate} />
        <TextInput
          type="search"
          label={t('backOffice.partners.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={360}
        />
        <ListState pending={list.isPending} empty={partners.length === 0} />
        {partners.length > 0 && (
          <TableScroll minWidth={560} hasControls>
            <Table striped aria-label={t(`backOffice.gate.${gate}`)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backOffice.partners.name')}</Table.Th>
                  <Table.Th>{t('backOffice.partners.status')}</Table.Th>
                  <Table.Th>{t('backOffice.partners.supervisors')}</Table.Th>
                  <Table.Th>{t('backOffice.partners.channelsOn')}</Table.Th>
                  <Table.Th>{t('backOffice.gate.ticketing')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {partners.map((p) => (
                  <Table.Tr key={p.id} data-testid={`partner-${p.id}`}>
                    <Table.Td>
                      <Anchor {...linkProps(`${adminPaths.partner}?id=${p.id}`)}>{p.name}</Anchor>
                    </Table.Td>
                    <Table.Td>{t(`backOffice.status.${p.status}`)}</Table.Td>
                    <Table.Td>{p.supervisors_count}</Table.Td>
                    <Table.Td>
                      {t('backOffice.partners.channelsOf', {
                        on: (p.channels ?? []).filter(
                          (c) => c.on_by_admin && c.active_by_supervisor && c.active_credential,
                        ).length,
                        total: (p.channels ?? []).length,
                      })}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('backOffice.gate.switchFor', { name: p.name })}
                        checked={p.ticketing_active}
                        disabled={switchGate.isPending}
                        onChange={(e) => switchGate.mutate({ id: p.id, data: { active: e.currentTarget.checked } })}
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

function CreatePartner() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const saved = useSaved();
  const create = useCreateAgency({ mutation: { onSuccess: () => (setName(''), saved()) } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ data: { name: name.trim() } });
  };
  return (
    <SectionCard title={t('backOffice.partners.create')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('backOffice.partners.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={create.isPending}>
            {t('backOffice.partners.createSubmit')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
