// A new endpoint: its URL, an optional description, the event types it receives and its mode (test
// endpoints hear of sandbox bookings, live ones of real bookings). The API checks the address
// (https in live mode, no private networks) and its 422 is shown beside the field.
import type { CreatedWebhookEndpoint, EventType } from '@contrail/sdk';
import { getListWebhookEndpointsQueryKey, useCreateWebhookEndpoint } from '@contrail/sdk/react';
import { Button, Group, Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { EventTypesField } from './event-types-field';

const fields = ['url', 'events', 'description', 'live_mode'] as const;

export function CreateEndpointForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const { t } = useTranslation();
  const modeLabelId = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const [mode, setMode] = useState<'test' | 'live'>('test');
  const { errors, report, clear, setErrors } = useFormErrors(fields);
  const create = useCreateWebhookEndpoint({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (created) => {
        setUrl('');
        setDescription('');
        setEvents([]);
        onCreated(created);
        void queryClient.invalidateQueries({ queryKey: getListWebhookEndpointsQueryKey() });
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
    create.mutate({
      data: { url: url.trim(), events, live_mode: mode === 'live', ...(trimmed ? { description: trimmed } : {}) },
    });
  };

  return (
    <SectionCard title={t('webhooks.create.title')} lead={t('webhooks.create.lead')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('webhooks.form.url')}
            description={t('webhooks.form.urlHint')}
            placeholder="https://example.com/contrail/webhooks"
            name="endpoint-url"
            type="url"
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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('webhooks.form.description')}
              name="endpoint-description"
              autoComplete="off"
              maxLength={200}
              value={description}
              error={errors.description}
              onChange={(e) => {
                setDescription(e.currentTarget.value);
                clear('description');
              }}
            />
            <Stack gap={4}>
              <Input.Label id={modeLabelId}>{t('webhooks.form.mode')}</Input.Label>
              <SegmentedControl
                aria-labelledby={modeLabelId}
                fullWidth
                value={mode}
                onChange={(value) => {
                  setMode(value === 'live' ? 'live' : 'test');
                  clear('live_mode');
                }}
                data={[
                  { value: 'test', label: t('webhooks.mode.test') },
                  { value: 'live', label: t('webhooks.mode.live') },
                ]}
              />
              {errors.live_mode && <Input.Error>{errors.live_mode}</Input.Error>}
            </Stack>
          </SimpleGrid>
          <EventTypesField
            value={events}
            error={errors.events}
            onChange={(next) => {
              setEvents(next);
              clear('events');
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('webhooks.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
