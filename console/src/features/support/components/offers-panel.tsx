// Staff's offers on the case's booking. Staff quote a refund (the airline's quote through the
// booking's own refund path) or offer one alternative of a flights change request; the agent
// accepts (their consent, recorded, then the booking's confirm runs) or declines; staff withdraw an
// open offer. Nothing happens to the booking until the agent accepts.
import type { SupportCase } from '@contrail/sdk';
import {
  useAcceptSupportCaseOffer,
  useCreateSupportCaseOffer,
  useDeclineSupportCaseOffer,
  useWithdrawSupportCaseOffer,
} from '@contrail/sdk/react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { useNotify, useNotifyError } from '../../../notifications';

const colors = {
  open: 'blue',
  accepted: 'blue',
  done: 'green',
  failed: 'red',
  withdrawn: 'gray',
  expired: 'orange',
  declined: 'gray',
} as const;

export function OffersPanel({
  supportCase: c,
  staff,
  onChanged,
}: {
  supportCase: SupportCase;
  staff: boolean;
  onChanged: (c?: SupportCase) => void;
}) {
  const { t } = useSupportTexts();
  const [language] = useLanguage();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [requestId, setRequestId] = useState('');
  const [alternativeId, setAlternativeId] = useState('');
  const failed = (error: unknown) => {
    notifyError(error);
    onChanged();
  };
  const done = (text?: string) => (next: SupportCase) => {
    if (text) notify({ type: 'success', text });
    onChanged(next);
  };
  const offer = useCreateSupportCaseOffer({
    mutation: { meta: { silentErrors: true }, onError: failed, onSuccess: done(t('support.offers.offered')) },
  });
  const accept = useAcceptSupportCaseOffer({
    mutation: { meta: { silentErrors: true }, onError: failed, onSuccess: done() },
  });
  const decline = useDeclineSupportCaseOffer({
    mutation: { meta: { silentErrors: true }, onError: failed, onSuccess: done() },
  });
  const withdraw = useWithdrawSupportCaseOffer({
    mutation: { meta: { silentErrors: true }, onError: failed, onSuccess: done() },
  });
  const busy = offer.isPending || accept.isPending || decline.isPending || withdraw.isPending;
  return (
    <Card withBorder padding="md" component="section" aria-label={t('support.offers.title')}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('support.offers.title')}
        </Title>
        {c.offers?.map((o) => (
          <Card key={o.id} withBorder padding="sm" data-testid="support-offer">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{t(`support.offers.kind.${o.kind}`)}</Text>
                  <Badge variant="dot" color={colors[o.status]}>
                    {t(`support.offers.status.${o.status}`)}
                  </Badge>
                </Group>
                <Text size="sm">{o.summary}</Text>
                {o.status === 'open' && (
                  <Text size="xs" c="gray.8">
                    {t('support.offers.expires', { at: formatDateTime(o.expires_at, language) })}
                  </Text>
                )}
                {o.outcome && (
                  <Text size="sm" c={o.status === 'failed' ? 'red.8' : 'green.9'}>
                    {o.status === 'done' ? t('support.offers.accepted', { outcome: o.outcome }) : o.outcome}
                  </Text>
                )}
                {o.consent_id && (
                  <Text size="xs" c="gray.8">
                    {t('support.offers.consent', { id: o.consent_id })}
                  </Text>
                )}
              </Stack>
              {o.status === 'open' &&
                (staff ? (
                  <Button
                    variant="default"
                    disabled={busy}
                    onClick={() => withdraw.mutate({ id: c.id, offerId: o.id, data: {} })}
                  >
                    {t('support.offers.withdraw')}
                  </Button>
                ) : (
                  <Group gap="xs">
                    <Button
                      loading={accept.isPending}
                      disabled={busy}
                      onClick={() => accept.mutate({ id: c.id, offerId: o.id, data: {} })}
                    >
                      {t('support.offers.accept')}
                    </Button>
                    <Button
                      variant="default"
                      disabled={busy}
                      onClick={() => decline.mutate({ id: c.id, offerId: o.id, data: {} })}
                    >
                      {t('support.offers.decline')}
                    </Button>
                  </Group>
                ))}
            </Group>
          </Card>
        ))}
        {staff && c.status === 'open' && c.locator && (
          <Group align="flex-end" gap="sm">
            <Button
              loading={offer.isPending}
              disabled={busy}
              onClick={() => offer.mutate({ id: c.id, data: { kind: 'refund' } })}
            >
              {t('support.offers.refund')}
            </Button>
            <TextInput
              label={t('support.offers.changeRequest')}
              value={requestId}
              onChange={(e) => setRequestId(e.currentTarget.value)}
            />
            <TextInput
              label={t('support.offers.alternative')}
              value={alternativeId}
              onChange={(e) => setAlternativeId(e.currentTarget.value)}
            />
            <Button
              variant="default"
              disabled={busy || !requestId || !alternativeId}
              onClick={() =>
                offer.mutate({
                  id: c.id,
                  data: { kind: 'change', flights_change_request_id: requestId, alternative_id: alternativeId },
                })
              }
            >
              {t('support.offers.change')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
