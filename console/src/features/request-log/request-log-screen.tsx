// /workspace/logs: the request log. Filters (status class, method, path prefix, period, and an
// idempotency key set by clicking one), a table newest first with the API's cursor for older
// pages, and a drawer per call (call-drawer.tsx). Who sees which calls is the API's wall: a
// supervisor the agency's, anyone else their own.
import type { ListRequestLogsMethod, ListRequestLogsParams, RequestLog } from '@contrail/sdk';
import { useListRequestLogs } from '@contrail/sdk/react';
import {
  Anchor,
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  SimpleGrid,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { TableScroll } from '../../components/table-scroll';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { CallDrawer } from './call-drawer';
import { CredentialText } from './credential-text';
import { StatusBadge } from './status-badge';
import { useRequestLogTexts } from './texts';

const limit = 50;
const periods = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
type Period = keyof typeof periods;
const methods: ListRequestLogsMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The key a link may open the screen with (`/workspace/logs?idempotency_key=…`). */
const keyFromUrl = () => new URLSearchParams(window.location.search).get('idempotency_key') ?? '';

export function RequestLogScreen() {
  const { t } = useRequestLogTexts();
  const [language] = useLanguage();
  useDocumentTitle(t('title'));
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState<ListRequestLogsMethod | ''>('');
  const [path, setPath] = useState('');
  const [period, setPeriod] = useState<Period>('month');
  const [key, setKey] = useState(keyFromUrl);
  // The cursors of the pages before this one: "Newer" goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const cursor = cursors.at(-1);
  // The period's start is fixed when it is chosen, so paging does not move it.
  const since = useMemo(() => new Date(Date.now() - periods[period]).toISOString(), [period]);
  const params: ListRequestLogsParams = {
    limit,
    created_after: since,
    ...(status ? { status: [status] } : {}),
    ...(method ? { method } : {}),
    ...(path.startsWith('/') ? { path } : {}),
    ...(key ? { idempotency_key: key } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const list = useListRequestLogs(params);
  const rows = list.data?.data ?? [];
  const next = list.data?.meta.next_cursor ?? null;
  const filtered = (apply: () => void) => {
    apply();
    setCursors([]);
  };
  const byKey = (value: string) => filtered(() => setKey(value));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text size="sm" c="gray.8" maw={820}>
          {t('lead')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" maw={820} role="group" aria-label={t('filters.label')}>
        <NativeSelect
          label={t('filters.status')}
          value={status}
          onChange={(e) => filtered(() => setStatus(e.currentTarget.value))}
          data={[{ value: '', label: t('filters.anyStatus') }, '2xx', '4xx', '5xx']}
        />
        <NativeSelect
          label={t('filters.method')}
          value={method}
          onChange={(e) => filtered(() => setMethod(e.currentTarget.value as ListRequestLogsMethod | ''))}
          data={[{ value: '', label: t('filters.anyMethod') }, ...methods]}
        />
        <TextInput
          label={t('filters.path')}
          placeholder="/api/v1/bookings"
          value={path}
          onChange={(e) => filtered(() => setPath(e.currentTarget.value))}
        />
        <NativeSelect
          label={t('filters.period')}
          value={period}
          onChange={(e) => filtered(() => setPeriod(e.currentTarget.value as Period))}
          data={(Object.keys(periods) as Period[]).map((p) => ({ value: p, label: t(`filters.${p}`) }))}
        />
      </SimpleGrid>
      {key && (
        <Group gap="xs" data-key-filter>
          <Text size="sm" fw={600}>
            {t('retriesOf', { key })}
          </Text>
          <CloseButton size="sm" aria-label={t('filters.clearKey')} onClick={() => byKey('')} />
        </Group>
      )}
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('title')} />
        </Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <TableScroll minWidth={900} hasControls>
            <Table verticalSpacing="xs" striped="even" data-request-log>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('time')}</Table.Th>
                  <Table.Th>{t('call')}</Table.Th>
                  <Table.Th>{t('status')}</Table.Th>
                  <Table.Th>{t('duration')}</Table.Th>
                  <Table.Th>{t('source')}</Table.Th>
                  <Table.Th>{t('by')}</Table.Th>
                  <Table.Th>{t('key')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <CallRow
                    key={`${row.id}-${row.created_at}`}
                    row={row}
                    onOpen={setOpen}
                    onKey={byKey}
                    language={language}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {(cursors.length > 0 || next !== null) && (
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={cursors.length === 0}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                {t('newer')}
              </Button>
              <Button variant="default" disabled={next === null} onClick={() => next && setCursors([...cursors, next])}>
                {t('older')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <CallDrawer requestId={open} onClose={() => setOpen(null)} onKey={byKey} />
    </Stack>
  );
}

function CallRow({
  row,
  onOpen,
  onKey,
  language,
}: {
  row: RequestLog;
  onOpen: (id: string) => void;
  onKey: (key: string) => void;
  language: ReturnType<typeof useLanguage>[0];
}) {
  const { t } = useRequestLogTexts();
  const time = formatDateTime(row.created_at, language);
  // The query string is in the drawer; the table keeps one line per call.
  const pathOnly = row.path.split('?')[0]!;
  return (
    <Table.Tr data-call={row.id}>
      <Table.Td miw={150}>{time}</Table.Td>
      <Table.Td miw={240}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ff="monospace"
          ta="start"
          style={{ overflowWrap: 'anywhere' }}
          aria-label={t('openOne', { method: row.method, path: pathOnly, time })}
          onClick={() => onOpen(row.id)}
        >
          {row.method} {pathOnly}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <StatusBadge status={row.status} />
          {row.replayed && (
            <Badge variant="outline" color="gray" size="sm" miw="max-content">
              {t('replayed')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{t('durationMs', { ms: row.duration_ms.toFixed(1) })}</Table.Td>
      <Table.Td>{t(`sources.${row.source}`)}</Table.Td>
      <Table.Td>
        <CredentialText row={row} />
      </Table.Td>
      <Table.Td>
        {row.idempotency_key ? (
          <Anchor
            component="button"
            type="button"
            size="xs"
            ff="monospace"
            ta="start"
            style={{ overflowWrap: 'anywhere' }}
            aria-label={t('filterByKey', { key: row.idempotency_key })}
            onClick={() => onKey(row.idempotency_key!)}
          >
            {row.idempotency_key}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
