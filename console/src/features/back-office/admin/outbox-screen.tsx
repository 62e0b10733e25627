// /admin/outbox: what the platform sent and what visitors asked for, for staff: the mail outbox
// (emails and one-time codes, newest first, each opened to its text), the demo requests from the
// marketing pages and the presentation requests from the landing page. Read-only: nothing here
// changes what was sent or asked.
import type { MailMessage } from '@contrail/sdk';
import { useListDemoRequests, useListMailMessages, useListPresentationRequests } from '@contrail/sdk/react';
import { Button, Code, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { ListState } from '../components/loading';

const perPage = 25;

export function OutboxScreen() {
  const { t } = useManageTexts();
  useDocumentTitle(t('manage.outbox.title'));
  return (
    <Tabs defaultValue="mail" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="mail">{t('manage.outbox.mail')}</Tabs.Tab>
        <Tabs.Tab value="demo">{t('manage.outbox.demo')}</Tabs.Tab>
        <Tabs.Tab value="presentations">{t('manage.outbox.presentations')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mail" pt="md">
        <MailOutbox />
      </Tabs.Panel>
      <Tabs.Panel value="demo" pt="md">
        <VisitorRequests kind="demo" usePage={useListDemoRequests} />
      </Tabs.Panel>
      <Tabs.Panel value="presentations" pt="md">
        <VisitorRequests kind="presentations" usePage={useListPresentationRequests} />
      </Tabs.Panel>
    </Tabs>
  );
}

function MailOutbox() {
  const { t } = useManageTexts();
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const [q] = useDebouncedValue(to.trim(), 300);
  const [open, setOpen] = useState<MailMessage | null>(null);
  const list = useListMailMessages({ page, per_page: perPage, ...(q ? { to: q } : {}) });
  const messages = list.data?.data ?? [];
  return (
    <SectionCard title={t('manage.outbox.mail')} lead={t('manage.outbox.mailLead')}>
      <TextInput
        type="search"
        label={t('manage.outbox.findTo')}
        maw={360}
        value={to}
        onChange={(e) => (setTo(e.currentTarget.value), setPage(1))}
      />
      <ListState pending={list.isPending} empty={messages.length === 0} />
      {messages.length > 0 && (
        <TableScroll minWidth={680} hasControls>
          <Table striped aria-label={t('manage.outbox.mail')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manage.outbox.created')}</Table.Th>
                <Table.Th>{t('manage.outbox.to')}</Table.Th>
                <Table.Th>{t('manage.outbox.subject')}</Table.Th>
                <Table.Th>{t('manage.outbox.channel')}</Table.Th>
                <Table.Th>{t('manage.outbox.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at, language)}</Table.Td>
                  <Table.Td>{m.to}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setOpen(m)}>
                      {m.subject || t('manage.outbox.noSubject')}
                    </Button>
                  </Table.Td>
                  <Table.Td>{t(`manage.outbox.channels.${m.channel}`)}</Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      c={m.status === 'failed' ? 'red.8' : undefined}
                      fw={m.status === 'failed' ? 700 : 400}
                    >
                      {t(`manage.outbox.statuses.${m.status}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ListPager page={page} pages={Math.ceil((list.data?.meta.total ?? 0) / perPage)} onChange={setPage} />
      {open && (
        <Stack gap="xs" aria-live="polite">
          <Text fw={700}>{open.subject || t('manage.outbox.noSubject')}</Text>
          <Text size="sm">{t('manage.outbox.toLine', { to: open.to })}</Text>
          <Code block>{open.body}</Code>
        </Stack>
      )}
    </SectionCard>
  );
}

/** A page of the visitors' requests of one kind: when, from which address, in which language. */
interface VisitorRequest {
  id: string;
  created_at: string;
  email?: string | null;
  language: string;
}

function VisitorRequests({
  kind,
  usePage,
}: {
  kind: 'demo' | 'presentations';
  usePage: (params: { page: number; per_page: number }) => {
    isPending: boolean;
    data?: { data: VisitorRequest[]; meta: { total: number } };
  };
}) {
  const { t } = useManageTexts();
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const list = usePage({ page, per_page: perPage });
  const rows = list.data?.data ?? [];
  const title = t(`manage.outbox.${kind}`);
  return (
    <SectionCard title={title} lead={t(`manage.outbox.${kind}Lead`)}>
      <ListState pending={list.isPending} empty={rows.length === 0} />
      {rows.length > 0 && (
        <TableScroll minWidth={480} label={title}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manage.outbox.created')}</Table.Th>
                <Table.Th>{t('manage.outbox.email')}</Table.Th>
                <Table.Th>{t('manage.outbox.language')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at, language)}</Table.Td>
                  <Table.Td>{r.email || t('manage.outbox.noEmail')}</Table.Td>
                  <Table.Td>{r.language.toUpperCase()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ListPager page={page} pages={Math.ceil((list.data?.meta.total ?? 0) / perPage)} onChange={setPage} />
    </SectionCard>
  );
}
