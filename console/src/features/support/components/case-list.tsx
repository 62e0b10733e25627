// The cases as a table: for staff the queue (open cases, the longest-waiting first, filtered to
// those waiting or assigned to them), for an agent their cases newest first with a status filter.
// Pages follow the API's cursor ("Show more").
import type { SupportCase } from '@contrail/sdk';
import { useListSupportCases, useListSupportQueue } from '@contrail/sdk/react';
import { Anchor, Badge, Button, Checkbox, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { TableScroll } from '../../../components/table-scroll';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { linkProps } from '../../../lib/router';
import { formatDuration, secondsSince } from '../support-format';

const pageSize = 25;

export function CaseList({ staff }: { staff: boolean }) {
  const { t } = useSupportTexts();
  const [status, setStatus] = useState<'' | 'open' | 'closed'>('');
  const [waiting, setWaiting] = useState(false);
  const [mine, setMine] = useState(false);
  // Staff work one mode's queue at a time: live by default, the sandbox's test cases on request.
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [limit, setLimit] = useState(pageSize);
  const cases = useListSupportCases({ limit, ...(status ? { status } : {}) }, { query: { enabled: !staff } });
  const queue = useListSupportQueue(
    { limit, mode, ...(waiting ? { waiting: true } : {}), ...(mine ? { assignee: 'me' as const } : {}) },
    { query: { enabled: staff } },
  );
  const page = staff ? queue.data : cases.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        {staff ? (
          <Group gap="lg" align="flex-end">
            <NativeSelect
              label={t('support.filters.mode')}
              maw={200}
              value={mode}
              onChange={(e) => setMode(e.currentTarget.value as 'live' | 'test')}
              data={[
                { value: 'live', label: t('support.mode.live') },
                { value: 'test', label: t('support.mode.test') },
              ]}
            />
            <Checkbox
              label={t('support.filters.waiting')}
              checked={waiting}
              onChange={(e) => setWaiting(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('support.filters.mine')}
              checked={mine}
              onChange={(e) => setMine(e.currentTarget.checked)}
            />
          </Group>
        ) : (
          <NativeSelect
            label={t('support.filters.status')}
            maw={220}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
            data={[
              { value: '', label: t('support.filters.all') },
              { value: 'open', label: t('support.status.open') },
              { value: 'closed', label: t('support.status.closed') },
            ]}
          />
        )}
        {!staff && (
          <Button component="a" {...linkProps('/support?new=1')}>
            {t('support.new.button')}
          </Button>
        )}
      </Group>
      {page && page.data.length === 0 ? (
        <Text c="gray.8" role="status">
          {t('support.list.empty')}
        </Text>
      ) : (
        <TableScroll minWidth={720} label={t(staff ? 'support.tabs.queue' : 'support.tabs.cases')}>
          <Table striped highlightOnHover aria-label={t(staff ? 'support.tabs.queue' : 'support.tabs.cases')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('support.list.subject')}</Table.Th>
                <Table.Th>{t('support.list.kind')}</Table.Th>
                <Table.Th>{t('support.list.booking')}</Table.Th>
                <Table.Th>{t('support.list.status')}</Table.Th>
                <Table.Th>{t('support.list.waiting')}</Table.Th>
                <Table.Th>{t('support.list.firstResponse')}</Table.Th>
                <Table.Th>{t('support.list.opened')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page?.data.map((c) => (
                <CaseRow key={c.id} c={c} />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {page?.meta.next_cursor && (
        <Button variant="default" onClick={() => setLimit((l) => Math.min(100, l + pageSize))} maw={200}>
          {t('support.list.more')}
        </Button>
      )}
    </Stack>
  );
}

function CaseRow({ c }: { c: SupportCase }) {
  const { t } = useSupportTexts();
  const [language] = useLanguage();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor {...linkProps(`/support?case=${c.id}`)}>{c.subject}</Anchor>
      </Table.Td>
      <Table.Td>{t(`support.kinds.${c.kind}`)}</Table.Td>
      <Table.Td>{c.locator ?? t('support.list.noBooking')}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={c.status === 'open' ? 'blue' : 'gray'}>
          {t(`support.status.${c.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {c.waiting_since ? (
          <Text size="sm" c="orange.9" fw={600}>
            {formatDuration(secondsSince(c.waiting_since), t)}
          </Text>
        ) : (
          <Text size="sm" c="gray.8">
            {t('support.list.answered')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{c.first_response_seconds === null ? '—' : formatDuration(c.first_response_seconds, t)}</Table.Td>
      <Table.Td>{formatDateTime(c.created_at, language)}</Table.Td>
    </Table.Tr>
  );
}
