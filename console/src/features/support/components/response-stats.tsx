// Staff's measured time to first response: per UTC day, cases opened and answered, the median and
// 90th percentile, and what waits unanswered now. The figure is what was measured, shown beside the
// marketing claim it is held against.
import { useGetSupportCaseStats } from '@contrail/sdk/react';
import { Alert, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TableScroll } from '../../../components/table-scroll';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { formatDate, useLanguage } from '../../../lib/i18n';
import { formatDuration } from '../support-format';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function ResponseStats() {
  const { t } = useSupportTexts();
  const [language] = useLanguage();
  const [from, setFrom] = useState(day(-6));
  const [to, setTo] = useState(day(0));
  const stats = useGetSupportCaseStats({ date_from: from, date_to: to });
  const seconds = (s: number | null) => (s === null ? '—' : formatDuration(s, t));
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light">
        {t('support.stats.claim')}
      </Alert>
      <Group>
        <TextInput
          type="date"
          label={t('support.stats.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('support.stats.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Group>
      {stats.data && (
        <>
          <Text size="sm" role="status">
            {t('support.stats.unanswered', {
              count: stats.data.unanswered.count,
              duration: seconds(stats.data.unanswered.longest_wait_seconds),
            })}
          </Text>
          <TableScroll minWidth={720} label={t('support.tabs.stats')}>
            <Table striped aria-label={t('support.tabs.stats')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('support.stats.day')}</Table.Th>
                  <Table.Th>{t('support.stats.opened')}</Table.Th>
                  <Table.Th>{t('support.stats.answered')}</Table.Th>
                  <Table.Th>{t('support.stats.median')}</Table.Th>
                  <Table.Th>{t('support.stats.p90')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.data.days.map((d) => (
                  <Table.Tr key={d.date}>
                    <Table.Td>{formatDate(d.date, language)}</Table.Td>
                    <Table.Td>{d.opened}</Table.Td>
                    <Table.Td>{d.answered}</Table.Td>
                    <Table.Td>{seconds(d.median_seconds)}</Table.Td>
                    <Table.Td>{seconds(d.p90_seconds)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      )}
    </Stack>
  );
}
