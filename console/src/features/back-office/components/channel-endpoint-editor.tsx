// How a channel reaches its airline (staff only): adapter, transport, addresses, timeouts, each
// message's path, SOAPAction and deadline, and the auth style with its secrets. Secrets are write-only: the API answers only whether each is saved,
// and an empty field keeps the saved one. The mode badge says where the channel's calls go (a test
// channel to the sandbox, in the wire format shown), and "Test connection" sends one AirShopping.
import type { ChannelEndpoint, ChannelEndpointInput, ChannelEndpointTest } from '@contrail/sdk';
import {
  useGetAgencyChannelEndpoint,
  useSetAgencyChannelEndpoint,
  useTestAgencyChannelEndpoint,
} from '@contrail/sdk/react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { useSaved } from '../use-back-office';
import { EndpointMessageTable, messageSettingsInput, type MessageSettings } from './endpoint-message-table';

type Token = NonNullable<NonNullable<ChannelEndpointInput['auth']>['token']>;
const tokens: Token[] = ['none', 'oauth2_client_credentials', 'login'];

export function ChannelEndpointEditor({ channelId }: { channelId: string }) {
  const endpoint = useGetAgencyChannelEndpoint(channelId);
  if (!endpoint.data) return null;
  return <EndpointForm key={endpoint.data.updated_at ?? 'none'} channelId={channelId} endpoint={endpoint.data} />;
}

function EndpointForm({ channelId, endpoint: e }: { channelId: string; endpoint: ChannelEndpoint }) {
  const { t } = useManageTexts();
  const saved = useSaved();
  const [draft, setDraft] = useState({
    adapter: e.adapter,
    transport: e.transport,
    base_url: e.base_url ?? '',
    payment_base_url: e.payment_base_url ?? '',
    timeout_ms: e.timeout_ms,
    api_key_header: e.auth.api_key_header ?? '',
    token: e.auth.token,
    token_url: e.auth.token_url ?? '',
    client_id: e.auth.client_id ?? '',
    username: e.auth.username ?? '',
    mutual_tls: e.auth.mutual_tls,
  });
  const [messages, setMessages] = useState<MessageSettings>({
    paths: e.message_paths,
    soapActions: e.soap_actions,
    timeouts: e.message_timeouts_ms,
  });
  const [secrets, setSecrets] = useState({
    api_key: '',
    client_secret: '',
    password: '',
    client_certificate: '',
    client_key: '',
  });
  const [result, setResult] = useState<ChannelEndpointTest | null>(null);
  const save = useSetAgencyChannelEndpoint({ mutation: { onSuccess: saved } });
  const test = useTestAgencyChannelEndpoint({ mutation: { onSuccess: setResult } });
  const field = (key: keyof typeof draft) => (value: string) => setDraft({ ...draft, [key]: value });
  const secret = (key: keyof typeof secrets) => ({
    value: secrets[key],
    autoComplete: 'off',
    onChange: (event: { currentTarget: { value: string } }) =>
      setSecrets({ ...secrets, [key]: event.currentTarget.value }),
  });
  const setHint = (isSet: boolean) => (isSet ? t('manage.endpoint.secretSet') : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== ''));
    save.mutate({
      id: channelId,
      data: {
        adapter: draft.adapter,
        transport: draft.transport,
        base_url: draft.base_url.trim() || null,
        payment_base_url: draft.payment_base_url.trim() || null,
        timeout_ms: draft.timeout_ms,
        ...messageSettingsInput(messages),
        auth: {
          api_key_header: draft.api_key_header.trim() || null,
          token: draft.token,
          token_url: draft.token_url.trim() || null,
          client_id: draft.client_id.trim() || null,
          username: draft.username.trim() || null,
          mutual_tls: draft.mutual_tls,
          ...given,
        },
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('manage.endpoint.title')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={4} size="h6">
            {t('manage.endpoint.title')}
          </Title>
          <Badge variant="light" color={e.mode === 'sandbox' ? 'green' : 'blue'}>
            {t(`manage.endpoint.mode.${e.mode}`)}
          </Badge>
          <Badge variant="outline" data-testid="wire-format">
            {e.wire_format}
          </Badge>
        </Group>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('manage.endpoint.adapter')}
            w={160}
            allowDeselect={false}
            value={draft.adapter}
            data={['sandbox-json', 'ndc-xml']}
            onChange={(v) => v && setDraft({ ...draft, adapter: v })}
          />
          <Select
            label={t('manage.endpoint.transport')}
            w={120}
            allowDeselect={false}
            value={draft.transport}
            data={[
              { value: 'rest', label: 'REST' },
              { value: 'soap', label: 'SOAP 1.1' },
            ]}
            onChange={(v) => v && setDraft({ ...draft, transport: v })}
          />
          <TextInput
            label={t('manage.endpoint.baseUrl')}
            w={320}
            value={draft.base_url}
            onChange={(ev) => field('base_url')(ev.currentTarget.value)}
          />
          <TextInput
            label={t('manage.endpoint.paymentUrl')}
            w={280}
            value={draft.payment_base_url}
            onChange={(ev) => field('payment_base_url')(ev.currentTarget.value)}
          />
          <NumberInput
            label={t('manage.endpoint.timeout')}
            w={130}
            min={100}
            max={300000}
            value={draft.timeout_ms}
            onChange={(v) => setDraft({ ...draft, timeout_ms: Number(v) || e.timeout_ms })}
          />
        </Group>
        <EndpointMessageTable
          value={messages}
          onChange={setMessages}
          soap={draft.transport === 'soap'}
          timeoutMs={draft.timeout_ms}
        />
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('manage.endpoint.apiKeyHeader')}
            placeholder="Ocp-Apim-Subscription-Key"
            w={240}
            value={draft.api_key_header}
            onChange={(ev) => field('api_key_header')(ev.currentTarget.value)}
          />
          <PasswordInput
            label={t('manage.endpoint.apiKey')}
            description={setHint(e.auth.api_key_set)}
            w={240}
            {...secret('api_key')}
          />
          <Select
            label={t('manage.endpoint.tokenLabel')}
            w={220}
            allowDeselect={false}
            value={draft.token}
            data={tokens.map((value) => ({ value, label: t(`manage.endpoint.token.${value}`) }))}
            onChange={(v) => v && setDraft({ ...draft, token: v })}
          />
        </Group>
        {draft.token !== 'none' && (
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t('manage.endpoint.tokenUrl')}
              w={320}
              value={draft.token_url}
              onChange={(ev) => field('token_url')(ev.currentTarget.value)}
            />
            {draft.token === 'oauth2_client_credentials' ? (
              <>
                <TextInput
                  label={t('manage.endpoint.clientId')}
                  w={200}
                  value={draft.client_id}
                  onChange={(ev) => field('client_id')(ev.currentTarget.value)}
                />
                <PasswordInput
                  label={t('manage.endpoint.clientSecret')}
                  description={setHint(e.auth.client_secret_set)}
                  w={220}
                  {...secret('client_secret')}
                />
              </>
            ) : (
              <>
                <TextInput
                  label={t('manage.endpoint.username')}
                  w={200}
                  value={draft.username}
                  onChange={(ev) => field('username')(ev.currentTarget.value)}
                />
                <PasswordInput
                  label={t('manage.endpoint.password')}
                  description={setHint(e.auth.password_set)}
                  w={220}
                  {...secret('password')}
                />
              </>
            )}
          </Group>
        )}
        <Switch
          label={t('manage.endpoint.mutualTls')}
          checked={draft.mutual_tls}
          onChange={(ev) => setDraft({ ...draft, mutual_tls: ev.currentTarget.checked })}
        />
        {draft.mutual_tls && (
          <Group gap="sm" align="flex-start" grow>
            <Textarea
              label={t('manage.endpoint.clientCertificate')}
              description={setHint(e.auth.client_certificate_set)}
              minRows={3}
              {...secret('client_certificate')}
            />
            <Textarea
              label={t('manage.endpoint.clientKey')}
              description={setHint(e.auth.client_key_set)}
              minRows={3}
              {...secret('client_key')}
            />
          </Group>
        )}
        <Group gap="sm">
          <Button type="submit" variant="light" loading={save.isPending}>
            {t('manage.endpoint.save')}
          </Button>
          <Button variant="default" loading={test.isPending} onClick={() => test.mutate({ id: channelId })}>
            {t('manage.endpoint.test')}
          </Button>
        </Group>
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role="status" data-testid="connection-test">
            {result.ok
              ? t('manage.endpoint.testOk', { ms: result.duration_ms, offers: result.offers, route: result.route })
              : t('manage.endpoint.testFailed', { ms: result.duration_ms, message: result.error?.message ?? '' })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
