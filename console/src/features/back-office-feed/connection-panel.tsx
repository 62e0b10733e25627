// One connection opened: the Test button and what it found, the next batch's preview, the
// deliveries (status, attempts, last error, Resend) and the backfill form. The deliveries read
// themselves again every 2 s while one is pending or being sent.
import type { BackOfficeConnection, BackOfficeConnectionTestResult, BackOfficeDeliveryStatus } from '@contrail/sdk';
import {
  getListBackOfficeDeliveriesQueryKey,
  getPreviewBackOfficeBatchQueryKey,
  useBackfillBackOfficeConnection,
  useListBackOfficeDeliveries,
  usePreviewBackOfficeBatch,
  useResendBackOfficeDelivery,
  useTestBackOfficeConnection,
} from '@contrail/sdk/react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ListPager } from '../../components/list-pager';
import { SectionCard } from '../../components/section-card';
import { TableScroll } from '../../components/table-scroll';
import { useFormErrors } from '../../hooks/use-form-errors';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { useNotify } from '../../notifications';
import { useFeedTexts } from './texts';

const perPage = 10;
const statusColors: Record<BackOfficeDeliveryStatus, string> = {
  pending: 'blue',
  sending: 'violet',
  delivered: 'teal',
  failed: 'red',
};

export function TestButton({ connection }: { connection: BackOfficeConnection }) {
  const { t } = useFeedTexts();
  const [result, setResult] = useState<BackOfficeConnectionTestResult | null>(null);
  const test = useTestBackOfficeConnection({ mutation: { onSuccess: setResult } });
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="light" loading={test.isPending} onClick={() => test.mutate({ id: connection.id })}>
          {t('test.run')}
        </Button>
      </Group>
      <div aria-live="polite" data-test-result={result ? (result.ok ? 'ok' : result.failure) : undefined}>
        {result &&
          (result.ok ? (
            <Alert color="teal" variant="light">
              {t(
                connection.kind === 'https' ? 'test.okHttps' : connection.kind === 'email' ? 'test.okEmail' : 'test.ok',
                { ms: result.duration_ms },
              )}
            </Alert>
          ) : (
            <Alert
              color="red"
              variant="light"
              title={result.failure ? t(`test.failure.${result.failure}`) : t('test.failed')}
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {result.error}
              </Text>
            </Alert>
          ))}
      </div>
    </Stack>
  );
}

function Preview({ connection }: { connection: BackOfficeConnection }) {
  const { t } = useFeedTexts();
  const [language] = useLanguage();
  const preview = usePreviewBackOfficeBatch(connection.id);
  const p = preview.data;
  return (
    <SectionCard title={t('preview.title')}>
      {!p ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('app.loading', { ns: 'translation' })} />
        </Center>
      ) : p.rows === 0 ? (
        <Text size="sm" c="gray.8">
          {t('preview.nothing', { through: connection.delivered_through })}
        </Text>
      ) : (
        <Stack gap="xs" data-preview>
          <Text size="sm">{t('preview.range', { first: p.first_sequence, last: p.last_sequence, rows: p.rows })}</Text>
          <TableScroll minWidth={560} label={t('preview.title')}>
            <Table verticalSpacing={4} striped="even">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('preview.sequence')}</Table.Th>
                  <Table.Th>{t('preview.code')}</Table.Th>
                  <Table.Th>{t('preview.document')}</Table.Th>
                  <Table.Th>{t('preview.issued')}</Table.Th>
                  <Table.Th ta="end">{t('preview.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.documents.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.sequence}</Table.Td>
                    <Table.Td ff="monospace">{d.transaction_code}</Table.Td>
                    <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {d.document_number}
                    </Table.Td>
                    <Table.Td>{formatDateTime(d.issued_at, language)}</Table.Td>
                    <Table.Td ta="end" ff="monospace">
                      {d.amounts.total} {d.amounts.currency}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      )}
    </SectionCard>
  );
}

function Deliveries({ connection }: { connection: BackOfficeConnection }) {
  const { t } = useFeedTexts();
  const [language] = useLanguage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useListBackOfficeDeliveries(
    connection.id,
    { page, per_page: perPage },
    {
      query: {
        refetchInterval: (q) =>
          q.state.data?.data.some((d) => d.status === 'pending' || d.status === 'sending') ? 2_000 : false,
      },
    },
  );
  const resend = useResendBackOfficeDelivery({
    mutation: {
      onSuccess: () => {
        notify({ type: 'success', text: t('deliveries.resent') });
        void queryClient.invalidateQueries({ queryKey: getListBackOfficeDeliveriesQueryKey(connection.id) });
      },
    },
  });
  const rows = list.data?.data ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / perPage)) : 1;
  return (
    <SectionCard title={t('deliveries.title')}>
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('app.loading', { ns: 'translation' })} />
        </Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('deliveries.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <TableScroll minWidth={640} hasControls>
            <Table verticalSpacing="xs" striped="even" data-deliveries>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deliveries.status')}</Table.Th>
                  <Table.Th>{t('deliveries.file')}</Table.Th>
                  <Table.Th>{t('deliveries.range')}</Table.Th>
                  <Table.Th>{t('deliveries.attempts')}</Table.Th>
                  <Table.Th>{t('deliveries.error')}</Table.Th>
                  <Table.Th>{t('deliveries.created')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('deliveries.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-delivery={d.id} data-status={d.status}>
                    <Table.Td>
                      <Badge variant="light" color={statusColors[d.status]} miw="max-content">
                        {t(`status.${d.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {d.file_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {d.first_sequence}–{d.last_sequence}
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {d.last_error ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(d.created_at, language)}</Table.Td>
                    <Table.Td ta="end">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        disabled={d.status === 'sending'}
                        loading={resend.isPending && resend.variables?.deliveryId === d.id}
                        aria-label={t('deliveries.resendOne', { file: d.file_name })}
                        onClick={() => resend.mutate({ id: connection.id, deliveryId: d.id })}
                      >
                        {t('deliveries.resend')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <ListPager pages={pages} page={page} onChange={setPage} />
        </Stack>
      )}
    </SectionCard>
  );
}

const backfillFields = ['after_sequence', 'through_sequence', 'date_from', 'date_to'] as const;

function Backfill({ connection }: { connection: BackOfficeConnection }) {
  const { t } = useFeedTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const byLabel = useId();
  const [by, setBy] = useState<'sequence' | 'date'>('sequence');
  const [after, setAfter] = useState<number | ''>(0);
  const [through, setThrough] = useState<number | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { errors, report, clear } = useFormErrors(backfillFields);
  const backfill = useBackfillBackOfficeConnection({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (batch) => {
        notify({ type: 'success', text: t('backfill.queued', { file: batch.file_name }) });
        void queryClient.invalidateQueries({ queryKey: getListBackOfficeDeliveriesQueryKey(connection.id) });
        void queryClient.invalidateQueries({ queryKey: getPreviewBackOfficeBatchQueryKey(connection.id) });
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data =
      by === 'sequence'
        ? { after_sequence: after === '' ? 0 : after, ...(through === '' ? {} : { through_sequence: through }) }
        : { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) };
    backfill.mutate({ id: connection.id, data });
  };
  return (
    <SectionCard title={t('backfill.title')} lead={t('backfill.lead')}>
      <form onSubmit={submit} noValidate data-backfill-form>
        <Stack gap="md">
          <Stack gap={4}>
            <Input.Label id={byLabel}>{t('backfill.by')}</Input.Label>
            <SegmentedControl
              aria-labelledby={byLabel}
              value={by}
              onChange={(v) => setBy(v === 'date' ? 'date' : 'sequence')}
              data={[
                { value: 'sequence', label: t('backfill.bySequence') },
                { value: 'date', label: t('backfill.byDate') },
              ]}
            />
          </Stack>
          {by === 'sequence' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label={t('backfill.after')}
                min={0}
                allowDecimal={false}
                value={after}
                error={errors.after_sequence}
                onChange={(v) => {
                  setAfter(v === '' ? '' : Number(v));
                  clear('after_sequence');
                }}
              />
              <NumberInput
                label={t('backfill.through')}
                min={1}
                allowDecimal={false}
                value={through}
                error={errors.through_sequence}
                onChange={(v) => {
                  setThrough(v === '' ? '' : Number(v));
                  clear('through_sequence');
                }}
              />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                type="date"
                label={t('backfill.from')}
                value={from}
                error={errors.date_from}
                onChange={(e) => {
                  setFrom(e.currentTarget.value);
                  clear('date_from');
                }}
              />
              <TextInput
                type="date"
                label={t('backfill.to')}
                value={to}
                error={errors.date_to}
                onChange={(e) => {
                  setTo(e.currentTarget.value);
                  clear('date_to');
                }}
              />
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={backfill.isPending}>
              {t('backfill.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

export function ConnectionPanel({ connection }: { connection: BackOfficeConnection }) {
  return (
    <Stack gap="lg" data-connection-panel={connection.id}>
      <Preview connection={connection} />
      <Deliveries connection={connection} />
      <Backfill connection={connection} />
    </Stack>
  );
}
