// The account's access as its agency and the platform left it (GET /account/settings): whether it
// may work, whether its supervisor left it open, whether it holds an API token, the channels its
// company books through with each one's state, and how busy it has been against its agency.
import type { AccountDetails } from '@contrail/sdk';
import { useGetAccountSettings } from '@contrail/sdk/react';
import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';

function State({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={on ? 'green' : 'gray'} variant="light">
      {on ? t('settings.access.on') : t('settings.access.off')}
    </Badge>
  );
}

export function AccessSettings({ account }: { account: AccountDetails }) {
  const { t } = useTranslation();
  const settings = useGetAccountSettings();
  const s = settings.data;
  return (
    <SectionCard title={t('settings.access.title')} lead={t('settings.access.lead')}>
      {!s ? (
        <Skeleton height={80} />
      ) : (
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Group gap="xs">
              <Text size="sm">{t('settings.access.active')}</Text>
              <State on={s.active} />
            </Group>
            <Group gap="xs">
              <Text size="sm">{t('settings.access.activeBySupervisor')}</Text>
              <State on={s.active_by_supervisor} />
            </Group>
            <Group gap="xs">
              <Text size="sm">{t('settings.access.apiToken')}</Text>
              <State on={s.api_token} />
            </Group>
            {account.demo_user && <Badge variant="outline">{t('settings.access.demo')}</Badge>}
          </Group>
          {account.score && (
            <Text size="sm">
              {t('settings.access.score', {
                issued: account.score.issued_30_days,
                median: account.score.agency_median_30_days,
              })}
            </Text>
          )}
          {s.channels.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('settings.access.noChannels')}
            </Text>
          ) : (
            <Table aria-label={t('settings.access.channels')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.access.channel')}</Table.Th>
                  <Table.Th>{t('settings.access.carrier')}</Table.Th>
                  <Table.Th>{t('settings.access.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.channels.map((ch) => (
                  <Table.Tr key={ch.id}>
                    <Table.Td>{ch.title}</Table.Td>
                    <Table.Td>{ch.carrier}</Table.Td>
                    <Table.Td>
                      <State on={ch.active} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
