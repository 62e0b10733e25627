// Test mode only: "Disrupt this order" makes the sandbox airline change this test booking on its
// own and send its notice (full or light), so every branch of a schedule change can be seen end to
// end: the kind, by how much (delay, retime), until when the airline waits and what happens then.
import type { Booking, SandboxDisruption } from '@contrail/sdk';
import { useDisruptSandboxBooking } from '@contrail/sdk/react';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../notifications';
import { useActionFailed } from '../use-booking-outcomes';

const kinds: SandboxDisruption['kind'][] = [
  'delay',
  'retime',
  'flight_number_change',
  'cancellation',
  'time_limit_change',
];

export function DisruptPanel({ booking, onDisrupted }: { booking: Booking; onDisrupted: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const failed = useActionFailed(booking.locator);
  const [kind, setKind] = useState<SandboxDisruption['kind']>('delay');
  const [minutes, setMinutes] = useState<number | string>(90);
  const [notice, setNotice] = useState<SandboxDisruption['notice']>('full');
  const [deadlineMinutes, setDeadlineMinutes] = useState<number | string>(60);
  const [consequence, setConsequence] = useState<SandboxDisruption['consequence_of_inaction']>('auto_accept');
  const disrupt = useDisruptSandboxBooking({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: () => {
        notify({ type: 'success', text: t('scheduleChanges.disrupt.sent') });
        onDisrupted();
      },
      onError: failed,
    },
  });
  const available = kinds.filter((k) => k !== 'time_limit_change' || booking.status === 'new');
  const submit = () =>
    disrupt.mutate({
      locator: booking.locator,
      data: {
        kind,
        notice,
        ...((kind === 'delay' || kind === 'retime') && typeof minutes === 'number' ? { minutes } : {}),
        action_deadline: new Date(Date.now() + Number(deadlineMinutes) * 60_000).toISOString(),
        consequence_of_inaction: consequence,
      },
    });
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={t('scheduleChanges.disrupt.title')}>
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('scheduleChanges.disrupt.title')}
        </Title>
        <Text size="xs" c="gray.8">
          {t('scheduleChanges.disrupt.text')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label={t('scheduleChanges.disrupt.kind')}
            data={available.map((k) => ({ value: k, label: t(`scheduleChanges.type.${k}`) }))}
            value={kind}
            allowDeselect={false}
            onChange={(value) => value && setKind(value)}
          />
          {(kind === 'delay' || kind === 'retime') && (
            <NumberInput
              label={t('scheduleChanges.disrupt.minutes')}
              value={minutes}
              onChange={setMinutes}
              min={-1440}
              max={1440}
            />
          )}
          <NumberInput
            label={t('scheduleChanges.disrupt.deadline')}
            value={deadlineMinutes}
            onChange={setDeadlineMinutes}
            min={1}
            max={10_080}
          />
          <Select
            label={t('scheduleChanges.disrupt.consequence')}
            data={(['auto_accept', 'auto_cancel'] as const).map((c) => ({
              value: c,
              label: t(`scheduleChanges.disrupt.${c}`),
            }))}
            value={consequence}
            allowDeselect={false}
            onChange={(value) => value && setConsequence(value)}
          />
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" gap="xs">
          <SegmentedControl
            aria-label={t('scheduleChanges.disrupt.notice')}
            value={notice}
            onChange={(value) => setNotice(value)}
            data={[
              { value: 'full', label: t('scheduleChanges.disrupt.full') },
              { value: 'light', label: t('scheduleChanges.disrupt.light') },
            ]}
          />
          <Button variant="default" loading={disrupt.isPending} onClick={submit}>
            {t('scheduleChanges.disrupt.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
