// One opportunity: its booking, the offer's expiry, the saving (net of penalties: for a hold the
// same as the saving), the fares side by side and, while open, Accept and Decline. An accept the
// airline answers with an earlier time limit asks before taking it (accept_earlier_time_limit);
// an opportunity decided or expired meanwhile says so in plain words and the list is read again.
import type { FareWatchDeclineReason, FareWatchOpportunity } from '@contrail/sdk';
import { useAcceptFareWatchOpportunity, useDeclineFareWatchOpportunity } from '@contrail/sdk/react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Field } from '../../../components/field';
import { useFareWatchTexts } from '../../../hooks/use-fare-watch-texts';
import { formatDateTime, formatMoney, toIntlLocale, useLanguage } from '../../../lib/i18n';
import { linkProps } from '../../../lib/router';
import { useNotify, useNotifyError } from '../../../notifications';
import { decisionFailure } from '../accept-outcome';
import { DeclineModal } from './decline-modal';
import { FareComparison } from './fare-comparison';

const statusColors: Record<FareWatchOpportunity['status'], string> = {
  open: 'blue',
  accepting: 'blue',
  accepted: 'green',
  declined: 'gray',
  expired: 'orange',
  failed: 'red',
  superseded: 'gray',
};

export function OpportunityCard({
  opportunity: o,
  onChanged,
}: {
  opportunity: FareWatchOpportunity;
  onChanged: () => void;
}) {
  const { t } = useFareWatchTexts();
  const [language] = useLanguage();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [declining, setDeclining] = useState(false);
  const [earlier, setEarlier] = useState<{ detail: string | null } | null>(null);

  const failed = (error: unknown) => {
    const failure = decisionFailure(error);
    if (failure.kind === 'earlierTimeLimit') {
      setEarlier({ detail: failure.detail });
      return;
    }
    setEarlier(null);
    setDeclining(false);
    if (failure.kind === 'notice') notify({ type: 'error', text: t(`fareWatch.errors.${failure.text}`) });
    else notifyError(error);
    onChanged();
  };
  const accept = useAcceptFareWatchOpportunity({
    mutation: {
      meta: { silentErrors: true },
      onError: failed,
      onSuccess: (done) => {
        setEarlier(null);
        notify({
          type: done.status === 'accepted' ? 'success' : 'error',
          text: t(done.status === 'accepted' ? 'fareWatch.accept.done' : 'fareWatch.errors.failed', {
            locator: o.locator,
          }),
        });
        onChanged();
      },
    },
  });
  const decline = useDeclineFareWatchOpportunity({
    mutation: {
      meta: { silentErrors: true },
      onError: failed,
      onSuccess: () => {
        setDeclining(false);
        notify({ type: 'success', text: t('fareWatch.decline.done', { locator: o.locator }) });
        onChanged();
      },
    },
  });
  const open = o.status === 'open';
  const busy = accept.isPending || decline.isPending;

  return (
    <Card withBorder padding="md" component="article" aria-label={t('fareWatch.card.booking', { locator: o.locator })}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h5">
                <Anchor
                  {...linkProps(`/bookings?locator=${o.locator}`)}
                  aria-label={t('fareWatch.card.openBooking', { locator: o.locator })}
                >
                  {t('fareWatch.card.booking', { locator: o.locator })}
                </Anchor>
              </Title>
              <Badge variant="dot" color={statusColors[o.status]}>
                {t(`fareWatch.status.${o.status === 'accepting' ? 'open' : o.status}`)}
              </Badge>
            </Group>
            {open ? (
              <Text size="sm" c="gray.8">
                {t('fareWatch.card.expires')}: {formatDateTime(o.expires_at, language)}
              </Text>
            ) : (
              o.decided_at && (
                <Text size="sm" c="gray.8">
                  {t('fareWatch.card.decided', { at: formatDateTime(o.decided_at, language) })}
                  {o.decline_reason &&
                    ` · ${t('fareWatch.card.declineReason', { reason: t(`fareWatch.reasons.${o.decline_reason}`) })}`}
                </Text>
              )
            )}
          </Stack>
          <Field label={t('fareWatch.card.saving')}>
            <Text fw={700} size="lg" data-testid="fare-watch-saving">
              {formatMoney(o.net_saving, language)}
            </Text>
            <Text size="xs" c="gray.8">
              {t('fareWatch.card.savingPercent', {
                percent: new Intl.NumberFormat(toIntlLocale(language)).format(o.saving_percent),
              })}
            </Text>
            {o.tier === 'issued' && (
              // An exchange's saving is net: say what the fare saves and what the exchange costs.
              <Text size="xs" c="gray.8" data-testid="fare-watch-net-parts">
                {t('fareWatch.card.netParts', {
                  fare: formatMoney(o.net_saving_parts.fare_saving, language),
                  penalty: formatMoney(o.net_saving_parts.change_penalty, language),
                  residual: formatMoney(o.net_saving_parts.forfeited_residual, language),
                })}
              </Text>
            )}
          </Field>
        </Group>
        <FareComparison locator={o.locator} original={o.original} candidate={o.candidate} t={t} language={language} />
        {o.detail && o.status === 'failed' && (
          <Text size="sm" c="red.9">
            {o.detail}
          </Text>
        )}
        {open && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setDeclining(true)}
              disabled={busy}
              aria-label={t('fareWatch.decline.buttonFor', { locator: o.locator })}
            >
              {t('fareWatch.decline.button')}
            </Button>
            <Button
              loading={accept.isPending && earlier === null}
              disabled={busy}
              onClick={() => accept.mutate({ id: o.id, data: { accept_earlier_time_limit: false } })}
              aria-label={t('fareWatch.accept.buttonFor', { locator: o.locator })}
            >
              {t('fareWatch.accept.button')}
            </Button>
          </Group>
        )}
      </Stack>
      <DeclineModal
        locator={o.locator}
        opened={declining}
        loading={decline.isPending}
        onClose={() => setDeclining(false)}
        onDecline={(reason: FareWatchDeclineReason, note: string) =>
          decline.mutate({ id: o.id, data: { reason, ...(note ? { note } : {}) } })
        }
      />
      <Modal
        opened={earlier !== null}
        onClose={accept.isPending ? () => undefined : () => setEarlier(null)}
        title={t('fareWatch.accept.earlierTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('fareWatch.accept.cancel') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('fareWatch.accept.earlierText', { locator: o.locator })}</Text>
          {earlier?.detail && (
            <Text size="sm" c="gray.8">
              {t('fareWatch.accept.earlierDetail', { detail: earlier.detail })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEarlier(null)} disabled={accept.isPending}>
              {t('fareWatch.accept.cancel')}
            </Button>
            <Button
              color="orange"
              loading={accept.isPending}
              onClick={() => accept.mutate({ id: o.id, data: { accept_earlier_time_limit: true } })}
            >
              {t('fareWatch.accept.earlierConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
