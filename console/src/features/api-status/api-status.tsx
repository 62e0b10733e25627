// The footer's "API: ok / unreachable", from the SDK's health call. It shows its own failure, so
// the query is silent: an unreachable API must not also raise an error notice on every page.
import { useGetHealth } from '@contrail/sdk/react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './api-status.module.css';

type ApiState = 'checking' | 'ok' | 'unreachable';

const labels = { checking: 'footer.apiChecking', ok: 'footer.apiOk', unreachable: 'footer.apiUnreachable' } as const;

export function ApiStatus() {
  const { t } = useTranslation();
  const health = useGetHealth({ query: { meta: { silentErrors: true }, refetchInterval: 60_000 } });
  // Anything but the contract's `{ status: "ok" }` (an HTML page from a proxy, say) is not an API.
  const state: ApiState = health.isPending ? 'checking' : health.data?.status === 'ok' ? 'ok' : 'unreachable';
  return (
    <Group gap={6} wrap="nowrap" role="status" data-api-state={state}>
      <span className={classes.dot} data-state={state} aria-hidden="true" />
      <Text size="sm" c="gray.8">
        {t('footer.apiStatus', { status: t(labels[state]) })}
      </Text>
    </Group>
  );
}
