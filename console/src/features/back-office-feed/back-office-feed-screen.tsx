// /settings/back_office: where the agency's accounting documents are delivered, for its supervisors
// and staff. The connections list (name, server, schedule, state, Test); "Open" shows one with its
// next batch, deliveries (Resend) and the backfill form; "Edit" changes it; a new one below.
import type { BackOfficeConnection } from '@contrail/sdk';
import {
  getListBackOfficeConnectionsQueryKey,
  useDeleteBackOfficeConnection,
  useListBackOfficeConnections,
} from '@contrail/sdk/react';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPager } from '../../components/list-pager';
import { RoleNotice } from '../../components/role-notice';
import { SectionCard } from '../../components/section-card';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { useNotify } from '../../notifications';
import { NewSecret } from '../../components/new-secret';
import { ConnectionForm } from './connection-form';
import { ConnectionPanel, TestButton } from './connection-panel';
import { useFeedTexts } from './texts';

const perPage = 20;

function StateBadge({ connection }: { connection: BackOfficeConnection }) {
  const { t } = useFeedTexts();
  const [language] = useLanguage();
  if (connection.failing_since)
    return (
      <Badge variant="light" color="red" miw="max-content">
        {t('list.failingSince', { at: formatDateTime(connection.failing_since, language) })}
      </Badge>
    );
  return (
    <Badge variant="light" color={connection.enabled ? 'teal' : 'gray'} miw="max-content">
      {connection.enabled ? t('list.enabled') : t('list.disabled')}
    </Badge>
  );
}

function ConnectionCard({
  connection,
  open,
  onOpen,
  onEdit,
}: {
  connection: BackOfficeConnection;
  open: boolean;
  onOpen: () => void;
  onEdit: () => void;
}) {
  const { t } = useFeedTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const remove = useDeleteBackOfficeConnection({
    mutation: {
      onSuccess: () => {
        notify({ type: 'success', text: t('form.deleted') });
        void queryClient.invalidateQueries({ queryKey: getListBackOfficeConnectionsQueryKey() });
      },
    },
  });
  const c = connection;
  const schedule = c.schedule === 'daily' ? t('schedule.daily', { at: c.daily_at ?? '' }) : t(`schedule.${c.schedule}`);
  return (
    <Paper component="li" withBorder p="md" data-connection={c.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor
              component="button"
              type="button"
              fw={600}
              ta="start"
              aria-expanded={open}
              aria-label={t('list.open', { name: c.name })}
              onClick={onOpen}
            >
              {c.name}
            </Anchor>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {addressOf(c)}
            </Text>
            <Text size="sm" c="gray.8">
              {schedule} · {c.format === 'csv' ? 'CSV' : 'JSON Lines'}
            </Text>
          </Stack>
          <StateBadge connection={c} />
        </Group>
        <TestButton connection={c} />
        <Group gap="xs">
          <Button variant="default" size="compact-sm" onClick={onEdit}>
            {t('form.editTitle', { name: '' }).trim()}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: c.id })}
          >
            {t('form.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Where a connection delivers, in one line: its SFTP address, HTTPS URL or email addresses. */
function addressOf(c: BackOfficeConnection): string {
  if (c.sftp) return `sftp://${c.sftp.username}@${c.sftp.host}:${c.sftp.port}${c.sftp.folder}`;
  if (c.https) return c.https.url;
  return c.email ? `mailto:${c.email.to.join(',')}` : '';
}

export function BackOfficeFeedScreen() {
  const { t } = useFeedTexts();
  useDocumentTitle(t('title'));
  const account = useCurrentAccount().data;
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // An HTTPS connection's signing secret, shown once right after it is made.
  const [secret, setSecret] = useState<string | null>(null);
  const allowed = account ? account.user_type !== 'Agent' : undefined;
  const list = useListBackOfficeConnections({ page, per_page: perPage }, { query: { enabled: allowed === true } });
  if (allowed === undefined)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading', { ns: 'translation' })} />
      </Center>
    );
  if (!allowed) return <RoleNotice title={t('title')} text={t('forSupervisors')} />;
  const staff = account?.user_type === 'Admin' || account?.user_type === 'Support';
  const connections = list.data?.data ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / perPage)) : 1;
  const opened = connections.find((c) => c.id === open);
  const edited = connections.find((c) => c.id === editing);
  return (
    <Stack gap="lg">
      <SectionCard title={t('list.title')} lead={t('lead')}>
        {list.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('app.loading', { ns: 'translation' })} />
          </Center>
        ) : connections.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('list.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {connections.map((c) => (
                <ConnectionCard
                  key={c.id}
                  connection={c}
                  open={open === c.id}
                  onOpen={() => setOpen(open === c.id ? null : c.id)}
                  onEdit={() => setEditing(c.id)}
                />
              ))}
            </Stack>
            <ListPager pages={pages} page={page} onChange={setPage} />
          </Stack>
        )}
      </SectionCard>
      {secret && (
        <SectionCard title={t('form.secretTitle')}>
          <NewSecret secret={secret} onDone={() => setSecret(null)} />
        </SectionCard>
      )}
      {opened && <ConnectionPanel connection={opened} />}
      {edited ? (
        <ConnectionForm key={edited.id} editing={edited} staff={staff} onDone={() => setEditing(null)} />
      ) : (
        <ConnectionForm
          key="new"
          staff={staff}
          onDone={(c) => {
            if (!c) return;
            setOpen(c.id);
            if (c.secret) setSecret(c.secret);
          }}
        />
      )}
    </Stack>
  );
}
