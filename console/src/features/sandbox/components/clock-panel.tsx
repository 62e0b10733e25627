// The agency's sandbox clock: its time beside real time, moves forward (presets or whole hours) and
// the reset. After a move the API has already expired the holds and raised the warnings it made
// due, so the panel says how many and refreshes what shows bookings and notifications.
import {
  getGetSandboxClockQueryKey,
  useAdvanceSandboxClock,
  useGetSandboxClock,
  useResetSandboxClock,
} from '@contrail/sdk/react';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/i18n/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { durationText, useSandboxTexts } from '../texts';

const maxHours = 9600;

export function ClockPanel() {
  const { t } = useSandboxTexts();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  // Staff have no agency, so no clock: the page says so once instead of a refusal notice.
  const clock = useGetSandboxClock({ query: { meta: { silentErrors: true }, retry: false } });
  const [hours, setHours] = useState<string | number>(24);
  const [hoursError, setHoursError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries();
  const advance = useAdvanceSandboxClock({
    mutation: {
      onSuccess: (moved) => {
        queryClient.setQueryData(getGetSandboxClockQueryKey(), moved.clock);
        const said = t('clock.moved', {
          at: formatDateTime(moved.clock.now, language),
          expired: moved.holds_expired,
          warnings: moved.time_limit_warnings,
        });
        // The move is kept; airlines that did not hear it are told on the next read or move.
        setOutcome(
          moved.airlines_behind > 0 ? `${said} ${t('clock.airlinesBehind', { count: moved.airlines_behind })}` : said,
        );
        void refresh();
      },
    },
  });
  const reset = useResetSandboxClock({
    mutation: {
      onSuccess: (back) => {
        queryClient.setQueryData(getGetSandboxClockQueryKey(), back);
        setOutcome(t('clock.wasReset', { at: formatDateTime(back.now, language) }));
        void refresh();
      },
    },
  });
  const busy = advance.isPending || reset.isPending;
  const moveBy = (seconds: number) => advance.mutate({ data: { seconds } });
  const moveByHours = () => {
    const value = Number(hours);
    if (!Number.isInteger(value) || value < 1 || value > maxHours) {
      setHoursError(t('clock.hoursInvalid'));
      return;
    }
    setHoursError(null);
    moveBy(value * 3600);
  };
  const data = clock.data;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sandbox-clock-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="sandbox-clock-title">
          {t('clock.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('clock.lead')}
        </Text>
        {data && (
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" c="gray.8">
                {t('clock.now')}
              </Text>
              <Text fw={700} size="lg" data-testid="sandbox-now">
                {formatDateTime(data.now, language)}
              </Text>
              <Text size="sm">
                {data.offset_seconds > 0
                  ? t('clock.ahead', { duration: durationText(t, data.offset_seconds) })
                  : t('clock.atReal')}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="gray.8">
                {t('clock.real')}
              </Text>
              <Text size="lg">{formatDateTime(data.real_now, language)}</Text>
            </Stack>
          </Group>
        )}
        {clock.isError && <Text size="sm">{t('clock.agencyOnly')}</Text>}
        {data?.held_until && (
          <Text size="sm">{t('clock.heldUntil', { at: formatDateTime(data.held_until, language) })}</Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button variant="default" disabled={busy} onClick={() => moveBy(3600)}>
            {t('clock.plusHour')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => moveBy(86_400)}>
            {t('clock.plusDay')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => moveBy(3 * 86_400)}>
            {t('clock.plusThreeDays')}
          </Button>
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('clock.moveBy')}
            description={t('clock.hours')}
            min={1}
            max={maxHours}
            allowDecimal={false}
            value={hours}
            onChange={setHours}
            error={hoursError}
            w={180}
          />
          <Button disabled={busy} onClick={moveByHours}>
            {t('clock.move')}
          </Button>
          <Button variant="outline" color="gray" disabled={busy} onClick={() => reset.mutate()}>
            {t('clock.reset')}
          </Button>
        </Group>
        <Text size="sm" role="status" aria-live="polite" mih={20}>
          {outcome}
        </Text>
      </Stack>
    </Paper>
  );
}
