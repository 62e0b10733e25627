// One endpoint in a drawer: what it is, rotating its secret (the new one shown once), switching it
// off and on, deleting it (after a confirmation), a test event of a chosen type, its deliveries
// with "Resend", and changing its address, description and event types.
import type { EventType, TestWebhookEventRequest, WebhookEndpoint } from '@contrail/sdk';
import {
  getGetWebhookEndpointQueryKey,
  getListWebhookDeliveryStatesQueryKey,
  getListWebhookEndpointsQueryKey,
  useDeleteWebhookEndpoint,
  useGetWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestWebhookEvent,
  useUpdateWebhookEndpoint,
} from '@contrail/sdk/react';
import {
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { DeliveriesTable } from './deliveries-table';
import { EnabledBadge } from './endpoint-list';
import { EventTypesField, eventTypes } from './event-types-field';
import { ModeBadge } from './mode-badge';
import { NewSecret } from '../../../components/new-secret';

export function EndpointDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const endpoint = useGetWebhookEndpoint(id ?? '', { query: { enabled: id !== null } });
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('webhooks.drawer.title')}
      closeButtonProps={{ 'aria-label': t('webhooks.drawer.close') }}
    >
      {!endpoint.data ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : (
        <EndpointDetails key={endpoint.data.id} endpoint={endpoint.data} onDeleted={onClose} />
      )}
    </Drawer>
  );
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: getGetWebhookEndpointQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: getListWebhookEndpointsQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getListWebhookDeliveryStatesQueryKey() });
  };
}

function EndpointDetails({ endpoint, onDeleted }: { endpoint: WebhookEndpoint; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const refresh = useRefresh(endpoint.id);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const rotate = useRotateWebhookSecret({
    mutation: {
      onSuccess: (rotated) => {
        setSecret(rotated.secret ?? null);
        refresh();
      },
    },
  });
  const toggle = useUpdateWebhookEndpoint({
    mutation: {
      onSuccess: (changed) => {
        notify({
          type: 'success',
          text: t(changed.enabled ? 'webhooks.drawer.enabledDone' : 'webhooks.drawer.disabledDone'),
        });
        refresh();
      },
    },
  });
  const remove = useDeleteWebhookEndpoint({
    mutation: {
      onSuccess: () => {
        notify({ type: 'success', text: t('webhooks.delete.done') });
        refresh();
        setConfirmDelete(false);
        onDeleted();
      },
    },
  });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text ff="monospace" fw={700} style={{ overflowWrap: 'anywhere' }} data-endpoint-url>
          {endpoint.url}
        </Text>
        <Group gap="xs">
          <ModeBadge live={endpoint.live_mode} />
          <EnabledBadge endpoint={endpoint} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('webhooks.drawer.created')}>{formatDateTime(endpoint.created_at, language)}</Field>
          {endpoint.previous_secret_expires_at && (
            <Field label={t('webhooks.drawer.previousSecret')}>
              {formatDateTime(endpoint.previous_secret_expires_at, language)}
            </Field>
          )}
        </SimpleGrid>
      </Stack>

      {secret ? (
        <NewSecret secret={secret} rotated onDone={() => setSecret(null)} />
      ) : (
        <Group gap="sm">
          <Button variant="default" loading={rotate.isPending} onClick={() => rotate.mutate({ id: endpoint.id })}>
            {t('webhooks.drawer.rotate')}
          </Button>
          <Button
            variant="default"
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ id: endpoint.id, data: { enabled: !endpoint.enabled } })}
          >
            {t(endpoint.enabled ? 'webhooks.drawer.disable' : 'webhooks.drawer.enable')}
          </Button>
          <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
            {t('webhooks.drawer.delete')}
          </Button>
        </Group>
      )}

      <TestEventForm endpoint={endpoint} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('webhooks.deliveries.title')}
        </Title>
        <DeliveriesTable filter={{ endpoint_id: endpoint.id }} canResend={endpoint.enabled} />
      </Stack>
      <Divider />
      <EditEndpointForm endpoint={endpoint} />

      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('webhooks.delete.title')}
        closeButtonProps={{ 'aria-label': t('webhooks.delete.close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.delete.text', { url: endpoint.url })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('webhooks.delete.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: endpoint.id })}>
              {t('webhooks.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function TestEventForm({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TestWebhookEventRequest['type']>('ping');
  const send = useSendTestWebhookEvent({
    mutation: {
      onSuccess: () => {
        notify({ type: 'success', text: t('webhooks.test.sent') });
        void queryClient.invalidateQueries({ queryKey: getListWebhookDeliveryStatesQueryKey() });
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ id: endpoint.id, data: { type } });
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('webhooks.test.type')}
          description={t('webhooks.test.hint')}
          value={type}
          onChange={(e) => setType(e.currentTarget.value as TestWebhookEventRequest['type'])}
          data={['ping', ...eventTypes]}
          style={{ flex: '1 1 220px' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button type="submit" loading={send.isPending} disabled={!endpoint.enabled}>
          {t('webhooks.test.send')}
        </Button>
      </Group>
    </form>
  );
}

const editFields = ['url', 'events', 'description'] as const;

function EditEndpointForm({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefresh(endpoint.id);
  const [url, setUrl] = useState(endpoint.url);
  const [description, setDescription] = useState(endpoint.description ?? '');
  const [events, setEvents] = useState<EventType[]>(endpoint.events);
  const { errors, report, clear, setErrors } = useFormErrors(editFields);
  const update = useUpdateWebhookEndpoint({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: () => {
        notify({ type: 'success', text: t('webhooks.edit.saved') });
        refresh();
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setErrors({ events: t('webhooks.form.eventsRequired') });
      return;
    }
    const trimmed = description.trim();
    update.mutate({
      id: endpoint.id,
      data: { url: url.trim(), events, description: trimmed ? trimmed : null },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('webhooks.edit.title')}
        </Title>
        <TextInput
          label={t('webhooks.form.url')}
          type="url"
          name="edit-url"
          autoComplete="off"
          required
          maxLength={2000}
          value={url}
          error={errors.url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            clear('url');
          }}
        />
        <TextInput
          label={t('webhooks.form.description')}
          name="edit-description"
          autoComplete="off"
          maxLength={200}
          value={description}
          error={errors.description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            clear('description');
          }}
        />
        <EventTypesField
          value={events}
          error={errors.events}
          onChange={(next) => {
            setEvents(next);
            clear('events');
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('webhooks.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
