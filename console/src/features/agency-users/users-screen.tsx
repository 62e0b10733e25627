// The agency's users as its supervisors (and those given `users`) manage them: each user's preset or
// custom permissions and booking visibility, suspension and reactivation, and invites by email with
// a link shown once. What the screen offers follows the account's own permissions (account details),
// the same data the server decides by.
import type { AgencyUser, AgencyUserUpdatePermissionsItem } from '@contrail/sdk';
import {
  getListAgencyInvitesQueryKey,
  getListAgencyUsersQueryKey,
  useCreateAgencyInvite,
  useListAgencyInvites,
  useListAgencyUsers,
  useListCompanies,
  useReactivateAgencyUser,
  useSuspendAgencyUser,
  useUpdateAgencyUser,
} from '@contrail/sdk/react';
import { Alert, Badge, Button, Checkbox, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { useCurrentAccount } from '../../hooks/use-current-account';

const permissionNames = ['search', 'book', 'issue', 'service', 'balance', 'users'] as const;
const presetNames = ['agent', 'senior_agent', 'accountant', 'supervisor'] as const;
const visibilities = ['default', 'own', 'company', 'agency'] as const;

function UserRow({ user, self }: { user: AgencyUser; self: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListAgencyUsersQueryKey() });
  const [preset, setPreset] = useState<string>(user.preset);
  const [custom, setCustom] = useState<string[]>(user.permissions);
  const [visibility, setVisibility] = useState<string>(user.booking_visibility ?? 'default');
  const update = useUpdateAgencyUser({ mutation: { onSuccess: refresh } });
  const suspend = useSuspendAgencyUser({ mutation: { onSuccess: refresh } });
  const reactivate = useReactivateAgencyUser({ mutation: { onSuccess: refresh } });
  const name = `${user.first_name} ${user.last_name}`;
  const save = () =>
    update.mutate({
      id: user.id,
      data: {
        ...(preset === 'custom'
          ? { permissions: custom as AgencyUserUpdatePermissionsItem[] }
          : { preset: preset as (typeof presetNames)[number] }),
        booking_visibility: visibility === 'default' ? null : (visibility as 'own' | 'company' | 'agency'),
      },
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        {user.suspended_at && (
          <Badge color="red" variant="light">
            {t('agencyUsers.suspended')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td miw={220}>
        <Stack gap={6}>
          <Select
            aria-label={t('agencyUsers.presetOf', { name })}
            disabled={self}
            value={preset}
            onChange={(v) => setPreset(v ?? user.preset)}
            data={[...presetNames, 'custom'].map((p) => ({ value: p, label: t(`agencyUsers.preset.${p}`) }))}
          />
          {preset === 'custom' && (
            <Checkbox.Group value={custom} onChange={setCustom} aria-label={t('agencyUsers.permissionsOf', { name })}>
              <Group gap="xs">
                {permissionNames.map((p) => (
                  <Checkbox key={p} value={p} label={t(`agencyUsers.permission.${p}`)} disabled={self} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Select
            aria-label={t('agencyUsers.visibilityOf', { name })}
            disabled={self}
            value={visibility}
            onChange={(v) => setVisibility(v ?? 'default')}
            data={visibilities.map((v) => ({ value: v, label: t(`agencyUsers.visibility.${v}`) }))}
          />
        </Stack>
      </Table.Td>
      <Table.Td>
        {!self && (
          <Stack gap="xs">
            <Button size="xs" onClick={save} loading={update.isPending}>
              {t('agencyUsers.save')}
            </Button>
            {user.suspended_at ? (
              <Button size="xs" variant="light" onClick={() => reactivate.mutate({ id: user.id })}>
                {t('agencyUsers.reactivate')}
              </Button>
            ) : (
              <Button size="xs" color="red" variant="light" onClick={() => suspend.mutate({ id: user.id })}>
                {t('agencyUsers.suspend')}
              </Button>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function InviteForm({ supervisor }: { supervisor: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [preset, setPreset] = useState<string>('agent');
  const [link, setLink] = useState<string | null>(null);
  // The agency's companies (its subagents), each with its own balance and channels: an agent books
  // for one of them. Listing them is a supervisor's; others invite into no company.
  const companies = useListCompanies({ per_page: 100 }, { query: { enabled: supervisor } });
  const [company, setCompany] = useState<string | null>(null);
  const invite = useCreateAgencyInvite({
    mutation: {
      onSuccess: (created) => {
        setLink(created.accept_url);
        void queryClient.invalidateQueries({ queryKey: getListAgencyInvitesQueryKey() });
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({
      data: {
        email,
        first_name: first,
        last_name: last,
        preset: preset as (typeof presetNames)[number],
        ...(company && preset !== 'supervisor' ? { company_id: company } : {}),
      },
    });
  };
  const offered = supervisor ? presetNames : presetNames.filter((p) => p !== 'supervisor');
  return (
    <SectionCard title={t('agencyUsers.invite.title')} lead={t('agencyUsers.invite.lead')}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Group grow>
            <TextInput
              label={t('agencyUsers.invite.email')}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Select
              label={t('agencyUsers.invite.preset')}
              value={preset}
              onChange={(v) => setPreset(v ?? 'agent')}
              data={offered.map((p) => ({ value: p, label: t(`agencyUsers.preset.${p}`) }))}
            />
          </Group>
          <Group grow>
            <TextInput
              label={t('agencyUsers.invite.firstName')}
              required
              value={first}
              onChange={(e) => setFirst(e.currentTarget.value)}
            />
            <TextInput
              label={t('agencyUsers.invite.lastName')}
              required
              value={last}
              onChange={(e) => setLast(e.currentTarget.value)}
            />
          </Group>
          {supervisor && preset !== 'supervisor' && (
            <Select
              label={t('agencyUsers.invite.company')}
              clearable
              value={company}
              onChange={setCompany}
              data={(companies.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending}>
              {t('agencyUsers.invite.submit')}
            </Button>
          </Group>
          {link && (
            <Alert color="green" title={t('agencyUsers.invite.sent')}>
              <Code block>{link}</Code>
            </Alert>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}

function Invites() {
  const { t } = useTranslation();
  const invites = useListAgencyInvites({ per_page: 20 });
  const rows = invites.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <SectionCard title={t('agencyUsers.invites.title')}>
      <Table>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.email}</Table.Td>
              <Table.Td>{t(`agencyUsers.preset.${i.preset}`)}</Table.Td>
              <Table.Td>
                {i.accepted_at ? t('agencyUsers.invites.accepted') : t('agencyUsers.invites.pending')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

export function UsersScreen() {
  const { t } = useTranslation();
  const account = useCurrentAccount().data;
  const allowed = account?.permissions.includes('users') ?? false;
  const users = useListAgencyUsers({ per_page: 100 }, { query: { enabled: allowed } });
  if (account && !allowed) return <Text>{t('agencyUsers.notAllowed')}</Text>;
  return (
    <Stack gap="lg">
      <SectionCard title={t('agencyUsers.title')} lead={t('agencyUsers.lead')}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('agencyUsers.column.user')}</Table.Th>
              <Table.Th>{t('agencyUsers.column.permissions')}</Table.Th>
              <Table.Th>{t('agencyUsers.column.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(users.data?.data ?? []).map((u) => (
              <UserRow
                key={`${u.id}-${u.preset}-${u.booking_visibility}-${u.suspended_at}`}
                user={u}
                self={u.id === account?.id}
              />
            ))}
          </Table.Tbody>
        </Table>
      </SectionCard>
      <InviteForm supervisor={account?.user_type === 'Supervisor'} />
      <Invites />
    </Stack>
  );
}
