// A connection's settings, to create one or change it: name, kind (chosen once, at creation),
// format, schedule (and the daily time), then the kind's own fields: for SFTP the server, folder,
// pinned host key and credentials; for HTTPS the receiver's URL (its signing secret is made by the
// server and shown once, after creation); for email the addresses, one a line. Credentials are
// write-only: the form never shows saved ones, and on a change, leaving both empty keeps them. The
// API's 400s and 422s are shown beside the field they name.
import type { BackOfficeConnection, BackOfficeConnectionCreate, BackOfficeConnectionUpdate } from '@contrail/sdk';
import {
  getListBackOfficeConnectionsQueryKey,
  useCreateBackOfficeConnection,
  useUpdateBackOfficeConnection,
} from '@contrail/sdk/react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../components/section-card';
import { useFormErrors } from '../../hooks/use-form-errors';
import { useNotify } from '../../notifications';
import { useFeedTexts } from './texts';

const fields = [
  'name',
  'format',
  'schedule',
  'daily_at',
  'enabled',
  'host',
  'port',
  'username',
  'folder',
  'host_key_fingerprint',
  'password',
  'private_key',
  'url',
  'to',
] as const;

type Kind = 'sftp' | 'https' | 'email';

export function ConnectionForm({
  editing,
  staff,
  onDone,
}: {
  /** The connection to change; a new one when absent. */
  editing?: BackOfficeConnection;
  /** Staff name the agency a new connection belongs to. */
  staff: boolean;
  onDone: (saved: (BackOfficeConnection & { secret?: string }) | null) => void;
}) {
  const { t } = useFeedTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [agencyId, setAgencyId] = useState('');
  const [name, setName] = useState(editing?.name ?? '');
  const [format, setFormat] = useState<'csv' | 'jsonl'>(editing?.format ?? 'csv');
  const [schedule, setSchedule] = useState<'each' | 'hourly' | 'daily'>(editing?.schedule ?? 'each');
  const [dailyAt, setDailyAt] = useState(editing?.daily_at ?? '06:00');
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [kind, setKind] = useState<Kind>(editing?.kind ?? 'sftp');
  const [host, setHost] = useState(editing?.sftp?.host ?? '');
  const [port, setPort] = useState<number>(editing?.sftp?.port ?? 22);
  const [username, setUsername] = useState(editing?.sftp?.username ?? '');
  const [folder, setFolder] = useState(editing?.sftp?.folder ?? '/');
  const [fingerprint, setFingerprint] = useState(editing?.sftp?.host_key_fingerprint ?? '');
  const [url, setUrl] = useState(editing?.https?.url ?? '');
  const [to, setTo] = useState((editing?.email?.to ?? []).join('\n'));
  const [password, setPassword] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const { errors, report, clear } = useFormErrors(fields);
  const saved = (connection: BackOfficeConnection, text: string) => {
    notify({ type: 'success', text });
    setPassword('');
    setPrivateKey('');
    void queryClient.invalidateQueries({ queryKey: getListBackOfficeConnectionsQueryKey() });
    onDone(connection);
  };
  const create = useCreateBackOfficeConnection({
    mutation: { meta: { silentErrors: true }, onError: report, onSuccess: (c) => saved(c, t('form.created')) },
  });
  const update = useUpdateBackOfficeConnection({
    mutation: { meta: { silentErrors: true }, onError: report, onSuccess: (c) => saved(c, t('form.saved')) },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = {
      ...(password ? { password } : {}),
      ...(privateKey.trim() ? { private_key: privateKey.trim() } : {}),
    };
    const sftp = {
      host: host.trim(),
      port,
      username: username.trim(),
      folder: folder.trim(),
      host_key_fingerprint: fingerprint.trim(),
      ...credentials,
    };
    // Only the kind's own settings travel: the API refuses another kind's.
    const settings =
      kind === 'https'
        ? { https: { url: url.trim() } }
        : kind === 'email'
          ? {
              email: {
                to: to
                  .split(/[\n,;]/)
                  .map((a) => a.trim())
                  .filter(Boolean),
              },
            }
          : { sftp };
    const common = { name, format, schedule, daily_at: schedule === 'daily' ? dailyAt : null, enabled, ...settings };
    if (editing) update.mutate({ id: editing.id, data: common satisfies BackOfficeConnectionUpdate });
    else
      create.mutate({
        data: { ...common, kind } satisfies BackOfficeConnectionCreate,
        params: staff ? { agency_id: agencyId.trim() } : undefined,
      });
  };
  const field = (key: (typeof fields)[number], set: (value: string) => void) => ({
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      set(e.currentTarget.value);
      clear(key);
    },
  });

  return (
    <SectionCard title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}>
      <form onSubmit={submit} noValidate data-connection-form>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {staff && !editing && (
              <TextInput
                label={t('form.agency')}
                required
                value={agencyId}
                onChange={(e) => setAgencyId(e.currentTarget.value)}
              />
            )}
            <TextInput label={t('form.name')} required maxLength={100} value={name} {...field('name', setName)} />
            <NativeSelect
              label={t('form.kind')}
              value={kind}
              disabled={Boolean(editing)}
              data={[
                { value: 'sftp', label: t('kind.sftp') },
                { value: 'https', label: t('kind.https') },
                { value: 'email', label: t('kind.email') },
              ]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setKind(v === 'https' ? 'https' : v === 'email' ? 'email' : 'sftp');
              }}
            />
            <NativeSelect
              label={t('form.format')}
              value={format}
              data={[
                { value: 'csv', label: 'CSV' },
                { value: 'jsonl', label: 'JSON Lines' },
              ]}
              {...field('format', (v) => setFormat(v === 'jsonl' ? 'jsonl' : 'csv'))}
            />
            <NativeSelect
              label={t('form.schedule')}
              value={schedule}
              data={[
                { value: 'each', label: t('schedule.each') },
                { value: 'hourly', label: t('schedule.hourly') },
                { value: 'daily', label: t('schedule.dailyPlain') },
              ]}
              {...field('schedule', (v) => setSchedule(v === 'daily' ? 'daily' : v === 'hourly' ? 'hourly' : 'each'))}
            />
            {schedule === 'daily' && (
              <TextInput
                label={t('form.dailyAt')}
                type="time"
                required
                value={dailyAt}
                {...field('daily_at', setDailyAt)}
              />
            )}
          </SimpleGrid>
          {kind === 'https' && (
            <TextInput
              label={t('form.url')}
              description={t('form.urlHint')}
              required
              type="url"
              autoComplete="off"
              value={url}
              {...field('url', setUrl)}
            />
          )}
          {kind === 'email' && (
            <Textarea
              label={t('form.to')}
              description={t('form.toHint')}
              required
              autosize
              minRows={2}
              maxRows={6}
              autoComplete="off"
              value={to}
              {...field('to', setTo)}
            />
          )}
          {kind === 'sftp' && (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  label={t('form.host')}
                  required
                  autoComplete="off"
                  value={host}
                  {...field('host', setHost)}
                />
                <NumberInput
                  label={t('form.port')}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  value={port}
                  error={errors['port']}
                  onChange={(v) => {
                    setPort(typeof v === 'number' ? v : Number(v) || 0);
                    clear('port');
                  }}
                />
                <TextInput
                  label={t('form.username')}
                  required
                  autoComplete="off"
                  value={username}
                  {...field('username', setUsername)}
                />
                <TextInput label={t('form.folder')} required value={folder} {...field('folder', setFolder)} />
              </SimpleGrid>
              <TextInput
                label={t('form.fingerprint')}
                description={t('form.fingerprintHint')}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                autoComplete="off"
                value={fingerprint}
                {...field('host_key_fingerprint', setFingerprint)}
              />
              <Text size="sm" c="gray.8">
                {t('form.credentialsHint')} {editing ? t('form.keepCredentials') : ''}
              </Text>
              <PasswordInput
                label={t('form.password')}
                autoComplete="new-password"
                value={password}
                {...field('password', setPassword)}
              />
              <Textarea
                label={t('form.privateKey')}
                autosize
                minRows={2}
                maxRows={6}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                autoComplete="off"
                spellCheck={false}
                value={privateKey}
                {...field('private_key', setPrivateKey)}
              />
            </>
          )}
          <Checkbox label={t('form.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <Group justify="flex-end">
            {editing && (
              <Button variant="default" onClick={() => onDone(null)}>
                {t('form.cancel')}
              </Button>
            )}
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
