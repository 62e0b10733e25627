// /admin/airline_messages: the airline message log, for staff: every exchange with an airline of the
// last 30 days, newest first, filtered by booking or channel (the address's `booking_id` and
// `channel_id`, so a booking's page and the request log link here filtered), each opened to its request
// and response (redacted by the API; JSON laid out, XML indented) with each half as a file to download.
// Read-only.
import { downloadAirlineMessage, type AirlineMessage } from '@contrail/sdk';
import { useGetAirlineMessage, useListAirlineMessages } from '@contrail/sdk/react';
import { Button, Code, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Field } from '../../../components/field';
import { ListPager } from '../../../components/list-pager';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { useQueryParam } from '../../../lib/router';
import { ListState } from '../components/loading';

const perPage = 25;
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function AirlineMessagesScreen() {
  const { t } = useManageTexts();
  const [language] = useLanguage();
  useDocumentTitle(t('manage.airlineMessages.title'));
  const [booking, setBooking] = useState(useQueryParam('booking_id'));
  const [channel, setChannel] = useState(useQueryParam('channel_id'));
  const [bookingQ] = useDebouncedValue(booking.trim(), 300);
  const [channelQ] = useDebouncedValue(channel.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  // The API refuses ids outside its pattern: such a filter is flagged here, never sent.
  const badBooking = bookingQ !== '' && !idPattern.test(bookingQ);
  const badChannel = channelQ !== '' && !idPattern.test(channelQ);
  const list = useListAirlineMessages({
    page,
    per_page: perPage,
    ...(bookingQ && !badBooking ? { booking_id: bookingQ } : {}),
    ...(channelQ && !badChannel ? { channel_id: channelQ } : {}),
  });
  const rows = list.data?.data ?? [];
  return (
    <SectionCard title={t('manage.airlineMessages.title')} lead={t('manage.airlineMessages.lead')}>
      <Group align="flex-start">
        <TextInput
          label={t('manage.airlineMessages.booking')}
          maw={280}
          value={booking}
          error={badBooking ? t('manage.airlineMessages.badId') : undefined}
          onChange={(e) => (setBooking(e.currentTarget.value), setPage(1))}
        />
        <TextInput
          label={t('manage.airlineMessages.channel')}
          maw={280}
          value={channel}
          error={badChannel ? t('manage.airlineMessages.badId') : undefined}
          onChange={(e) => (setChannel(e.currentTarget.value), setPage(1))}
        />
      </Group>
      <ListState pending={list.isPending} empty={rows.length === 0} />
      {rows.length > 0 && (
        <TableScroll minWidth={760} hasControls>
          <Table striped aria-label={t('manage.airlineMessages.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manage.airlineMessages.at')}</Table.Th>
                <Table.Th>{t('manage.airlineMessages.message')}</Table.Th>
                <Table.Th>{t('manage.airlineMessages.carrier')}</Table.Th>
                <Table.Th>{t('manage.airlineMessages.format')}</Table.Th>
                <Table.Th>{t('manage.airlineMessages.status')}</Table.Th>
                <Table.Th>{t('manage.airlineMessages.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.at, language)}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setOpen(m.id)}>
                      {m.message}
                    </Button>
                  </Table.Td>
                  <Table.Td>{m.carrier}</Table.Td>
                  <Table.Td>{m.format.toUpperCase()}</Table.Td>
                  <Table.Td>
                    <StatusText message={m} />
                  </Table.Td>
                  <Table.Td>{`${m.duration_ms} ms`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ListPager page={page} pages={Math.ceil((list.data?.meta.total ?? 0) / perPage)} onChange={setPage} />
      <MessageDrawer id={open} onClose={() => setOpen(null)} />
    </SectionCard>
  );
}

function StatusText({ message }: { message: AirlineMessage }) {
  const { t } = useManageTexts();
  const failed = message.error !== null || message.status === null || message.status >= 400;
  return (
    <Text size="sm" c={failed ? 'red.8' : undefined} fw={failed ? 700 : 400}>
      {message.status ?? t('manage.airlineMessages.noAnswer')}
    </Text>
  );
}

function MessageDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useManageTexts();
  const [language] = useLanguage();
  const detail = useGetAirlineMessage(id ?? '', { query: { enabled: id !== null } });
  const m = detail.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('manage.airlineMessages.detail')}
      closeButtonProps={{ 'aria-label': t('manage.airlineMessages.close') }}
    >
      {id !== null && !m && <Loader size="sm" aria-label={t('manage.airlineMessages.detail')} />}
      {m && m.id === id && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label={t('manage.airlineMessages.message')}>{m.message}</Field>
            <Field label={t('manage.airlineMessages.at')}>{formatDateTime(m.at, language)}</Field>
            <Field label={t('manage.airlineMessages.carrier')}>{m.carrier}</Field>
            <Field label={t('manage.airlineMessages.channel')}>{m.channel_id}</Field>
            <Field label={t('manage.airlineMessages.booking')}>{m.booking_id ?? '—'}</Field>
            <Field label={t('manage.airlineMessages.direction')}>
              {t(`manage.airlineMessages.directions.${m.direction}`)}
            </Field>
            <Field label={t('manage.airlineMessages.status')}>
              <StatusText message={m} />
            </Field>
            <Field label={t('manage.airlineMessages.duration')}>{`${m.duration_ms} ms`}</Field>
          </SimpleGrid>
          <Field label={t('manage.airlineMessages.url')}>
            <Code>{m.url}</Code>
          </Field>
          {m.error && (
            <Text size="sm" c="red.8" role="alert">
              {m.error}
            </Text>
          )}
          <Half message={m} half="request" body={m.request_body ?? null} />
          <Half message={m} half="response" body={m.response_body ?? null} />
        </Stack>
      )}
    </Drawer>
  );
}

function Half({ message, half, body }: { message: AirlineMessage; half: 'request' | 'response'; body: string | null }) {
  const { t } = useManageTexts();
  const [saving, setSaving] = useState(false);
  const file = `${half}.${message.format}` as const;
  const title = t(`manage.airlineMessages.${half}`);
  const download = async () => {
    setSaving(true);
    try {
      const text = await downloadAirlineMessage(message.id, file);
      const link = document.createElement('a');
      const type = message.format === 'xml' ? 'application/xml' : 'application/json';
      link.href = URL.createObjectURL(new Blob([text], { type }));
      link.download = `${message.id}-${file}`;
      link.click();
      URL.revokeObjectURL(link.href);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700}>{title}</Text>
        {body !== null && (
          <Button variant="light" size="compact-sm" loading={saving} onClick={() => void download()}>
            {t('manage.airlineMessages.download', { file })}
          </Button>
        )}
      </Group>
      {body === null ? (
        <Text size="sm" c="gray.7">
          {t('manage.airlineMessages.noBody')}
        </Text>
      ) : (
        <Code block aria-label={title} style={{ maxHeight: 420, overflow: 'auto' }}>
          {readable(body, message.format)}
        </Code>
      )}
    </Stack>
  );
}

/** A body laid out for reading: JSON indented, XML one element a line, indented by depth. */
export function readable(body: string, format: 'xml' | 'json'): string {
  if (format === 'json') {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  const parts = body.replace(/>\s+</g, '><').split(/(?=<)|(?<=>)/);
  let depth = 0;
  const lines: string[] = [];
  for (const part of parts) {
    if (part.trim() === '') continue;
    if (part.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      const last = lines.at(-1);
      // <a>text</a> stays on one line
      if (last !== undefined && !last.trimStart().startsWith('<')) {
        lines.pop();
        const open = lines.pop() ?? '';
        lines.push(`${open}${last.trim()}${part}`);
        continue;
      }
      lines.push(`${'  '.repeat(depth)}${part}`);
    } else if (part.startsWith('<')) {
      lines.push(`${'  '.repeat(depth)}${part}`);
      if (!part.endsWith('/>') && !part.startsWith('<?') && !part.startsWith('<!')) depth += 1;
    } else {
      lines.push(`${'  '.repeat(depth)}${part}`);
    }
  }
  return lines.join('\n');
}
