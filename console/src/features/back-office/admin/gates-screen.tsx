// /admin/gates: the main, consolidator (agency) and channel gates, and each source channel's
// switch per surface (api, web, extension). Ticketing needs every gate on its path open.
import {
  useGetTicketingGates,
  useListSourceChannels,
  useSetAgencyGate,
  useSetChannelGate,
  useSetMainGate,
  useSetSourceChannelSurface,
} from '@contrail/sdk/react';
import { Group, Stack, Switch, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ListState } from '../components/loading';
import { shownValue, useSaved } from '../use-back-office';

const surfaces = ['api', 'web', 'extension'] as const;

export function GatesScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.gates'));
  const gates = useGetTicketingGates();
  const saved = useSaved();
  const options = { mutation: { onSuccess: saved } };
  const setters = {
    main: useSetMainGate(options),
    agency: useSetAgencyGate(options),
    channel: useSetChannelGate(options),
  };
  const sources = useListSourceChannels({ per_page: 100 });
  const setSurface = useSetSourceChannelSurface(options);
  const rows = sources.data?.data ?? [];
  return (
    <Stack gap="lg">
      <SectionCard title={t('backOffice.gates.title')} lead={t('backOffice.gates.lead')}>
        <Group gap="xl">
          {(['main', 'agency', 'channel'] as const).map((gate) => (
            <Switch
              key={gate}
              label={t(`backOffice.gates.${gate}`)}
              checked={shownValue(setters[gate], (v) => v.data.active, gates.data?.[gate] ?? false)}
              disabled={!gates.data}
              onChange={(e) => setters[gate].mutate({ data: { active: e.currentTarget.checked } })}
            />
          ))}
        </Group>
      </SectionCard>
      <SectionCard title={t('backOffice.sources.title')} lead={t('backOffice.sources.lead')}>
        <ListState pending={sources.isPending} empty={rows.length === 0} />
        {rows.length > 0 && (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.sources.airline')}</Table.Th>
                {surfaces.map((s) => (
                  <Table.Th key={s}>{t(`backOffice.sources.${s}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{`${r.carrier} · ${r.title}`}</Table.Td>
                  {surfaces.map((s) => (
                    <Table.Td key={s}>
                      <Switch
                        aria-label={`${r.carrier} ${t(`backOffice.sources.${s}`)}`}
                        checked={shownValue(
                          setSurface,
                          (v) => (v.channel === r.id && v.params.type === s ? v.data.active : undefined),
                          r[s],
                        )}
                        onChange={(e) =>
                          setSurface.mutate({
                            channel: r.id,
                            params: { type: s },
                            data: { active: e.currentTarget.checked },
                          })
                        }
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
    </Stack>
  );
}
