// One logged call in a drawer: what it was (id, operation, status, time, credential, key), the
// request headers worth seeing, its bodies as the log keeps them (redacted, cut at 16 KiB), and the
// events it caused with each one's webhook deliveries, linked to the event log and the endpoints.
// Staff also get a link to the airline message log, filtered to the booking the call answered with.
import type { RequestLogDetail } from '@contrail/sdk';
import { useGetRequestLog } from '@contrail/sdk/react';
import {
  Anchor,
  Badge,
  Center,
  Code,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Field } from '../../components/field';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { linkProps } from '../../lib/router';
import { CredentialText } from './credential-text';
import { StatusBadge } from './status-badge';
import { useRequestLogTexts } from './texts';

export function CallDrawer({
  requestId,
  onClose,
  onKey,
}: {
  requestId: string | null;
  onClose: () => void;
  onKey: (key: string) => void;
}) {
  const { t } = useRequestLogTexts();
  const call = useGetRequestLog(requestId ?? '', { query: { enabled: requestId !== null } });
  return (
    <Drawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('drawerTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {requestId !== null &&
        (call.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('drawerTitle')} />
          </Center>
        ) : call.data ? (
          <CallDetail
            detail={call.data}
            onKey={(key) => {
              onKey(key);
              onClose();
            }}
          />
        ) : (
          <Text size="sm" c="red.8">
            {t('loadFailed')}
          </Text>
        ))}
    </Drawer>
  );
}

function Body({ title, text, truncated }: { title: string; text: string | null; truncated: boolean }) {
  const { t } = useRequestLogTexts();
  let shown = text;
  if (text !== null && !truncated) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      shown = text;
    }
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {shown === null ? (
        <Text size="sm" c="gray.8">
          {t('noBody')}
        </Text>
      ) : (
        <Code block tabIndex={0} aria-label={title} mah={320} style={{ overflow: 'auto' }} data-body={title}>
          {shown}
        </Code>
      )}
      {truncated && (
        <Text size="xs" c="gray.8">
          {t('truncated')}
        </Text>
      )}
    </Stack>
  );
}

function CallDetail({ detail, onKey }: { detail: RequestLogDetail; onKey: (key: string) => void }) {
  const { t } = useRequestLogTexts();
  const [language] = useLanguage();
  const log = detail.log;
  const headers = Object.entries(detail.headers);
  const userType = useCurrentAccount().data?.user_type;
  const staff = userType === 'Admin' || userType === 'Support';
  const bookingId = staff ? answeredLocator(detail.response_body) : null;
  return (
    <Stack gap="lg" data-call-detail={log.id}>
      <Group gap="xs">
        <Text ff="monospace" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {log.method} {log.path}
        </Text>
        <StatusBadge status={log.status} />
        {log.replayed && (
          <Badge variant="outline" color="gray" size="sm">
            {t('replayed')}
          </Badge>
        )}
      </Group>
      {staff && (
        <Anchor
          {...linkProps(
            bookingId
              ? `/admin/airline_messages?booking_id=${encodeURIComponent(bookingId)}`
              : '/admin/airline_messages',
          )}
        >
          {bookingId ? t('airlineMessagesOfBooking') : t('airlineMessages')}
        </Anchor>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label={t('id')}>
          <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {log.id}
          </Text>
        </Field>
        <Field label={t('time')}>{formatDateTime(log.created_at, language)}</Field>
        <Field label={t('route')}>
          <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {log.route ?? '—'}
          </Text>
        </Field>
        <Field label={t('duration')}>{t('durationMs', { ms: log.duration_ms.toFixed(1) })}</Field>
        <Field label={t('source')}>{t(`sources.${log.source}`)}</Field>
        <Field label={t('by')}>
          <CredentialText row={log} />
        </Field>
        <Field label={t('account')}>{log.account_email ?? log.account_id}</Field>
        <Field label={t('key')}>
          {log.idempotency_key ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ff="monospace"
              ta="start"
              style={{ overflowWrap: 'anywhere' }}
              aria-label={t('filterByKey', { key: log.idempotency_key })}
              onClick={() => onKey(log.idempotency_key!)}
            >
              {log.idempotency_key}
            </Anchor>
          ) : (
            '—'
          )}
        </Field>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('headers')}
        </Title>
        {headers.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('noHeaders')}
          </Text>
        ) : (
          <Stack gap={2}>
            {headers.map(([name, value]) => (
              <Text key={name} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {name}: {value}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Text size="xs" c="gray.8">
        {t('redactedNote')}
      </Text>
      <Body title={t('requestBody')} text={detail.request_body} truncated={detail.request_body_truncated} />
      <Body title={t('responseBody')} text={detail.response_body} truncated={detail.response_body_truncated} />
      <Stack gap="xs" data-call-events>
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('events')}
          </Title>
          {detail.events.length > 0 && (
            <Anchor size="sm" {...linkProps('/settings/events')}>
              {t('openEvents')}
            </Anchor>
          )}
        </Group>
        {detail.events.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('noEvents')}
          </Text>
        ) : (
          detail.events.map((event) => (
            <Stack key={event.id} gap={4} data-event={event.id}>
              <Group gap="xs">
                <Text size="sm" ff="monospace" fw={600}>
                  {event.type}
                </Text>
                <Text size="xs" ff="monospace" c="gray.8">
                  {event.id}
                </Text>
              </Group>
              {event.deliveries.length === 0 ? (
                <Text size="xs" c="gray.8">
                  {t('noDeliveries')}
                </Text>
              ) : (
                <Table verticalSpacing={4} fz="xs" aria-label={t('deliveries')}>
                  <Table.Tbody>
                    {event.deliveries.map((delivery) => (
                      <Table.Tr key={delivery.id} data-delivery={delivery.id}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Anchor size="xs" {...linkProps('/settings/webhooks')}>
                            {delivery.endpoint_url}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{t(`deliveryStatus.${delivery.status}`)}</Table.Td>
                        <Table.Td>{t('attempts', { count: delivery.attempts })}</Table.Td>
                        <Table.Td>{delivery.last_status_code ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          ))
        )}
      </Stack>
    </Stack>
  );
}

/** The locator of the booking a call answered with (a body carrying a booking's `locator`), if any. */
function answeredLocator(body: string | null): string | null {
  if (body === null) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { locator } = parsed as { locator?: unknown };
    return typeof locator === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(locator) ? locator : null;
  } catch {
    return null;
  }
}
