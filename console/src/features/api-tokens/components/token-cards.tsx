// The tokens as a list of small cards, for phones: a five-column table does not fit 390 px.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n';
import { ModeBadge } from './mode-badge';
import type { TokenViewProps } from './token-table';

export function TokenCards({ tokens, language, onRevoke }: TokenViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {tokens.map((token) => (
        <Paper key={token.id} component="li" withBorder p="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text ff="monospace" size="sm" truncate="end">
                {token.prefix}…
              </Text>
              <ModeBadge mode={token.mode} />
            </Group>
            <Text size="sm" fw={600} c={token.name ? undefined : 'gray.7'}>
              {token.name ?? t('apiTokens.list.unnamed')}
            </Text>
            <Text size="xs" c="gray.8">
              {t('apiTokens.list.created')}: {formatDateTime(token.created_at, language)}
              <br />
              {t('apiTokens.list.lastUsed')}:{' '}
              {token.last_used_at ? formatDateTime(token.last_used_at, language) : t('apiTokens.list.never')}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                aria-label={t('apiTokens.list.revokeToken', { prefix: token.prefix })}
                onClick={() => onRevoke(token)}
              >
                {t('apiTokens.list.revoke')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
