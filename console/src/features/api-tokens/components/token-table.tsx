// The tokens as a table, for screens wide enough for five columns.
import type { ApiToken } from '@contrail/sdk';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Language } from '../../../lib/i18n';
import { ModeBadge } from './mode-badge';

export interface TokenViewProps {
  tokens: ApiToken[];
  language: Language;
  onRevoke: (token: ApiToken) => void;
}

export function TokenTable({ tokens, language, onRevoke }: TokenViewProps) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing="sm" striped="even" visibleFrom="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('apiTokens.list.prefix')}</Table.Th>
          <Table.Th>{t('apiTokens.list.name')}</Table.Th>
          <Table.Th>{t('apiTokens.list.mode')}</Table.Th>
          <Table.Th>{t('apiTokens.list.created')}</Table.Th>
          <Table.Th>{t('apiTokens.list.lastUsed')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('apiTokens.list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id}>
            <Table.Td>
              <Text ff="monospace" size="sm">
                {token.prefix}…
              </Text>
            </Table.Td>
            <Table.Td>
              {token.name ?? (
                <Text c="gray.7" size="sm">
                  {t('apiTokens.list.unnamed')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <ModeBadge mode={token.mode} />
            </Table.Td>
            <Table.Td>{formatDateTime(token.created_at, language)}</Table.Td>
            <Table.Td>
              {token.last_used_at ? formatDateTime(token.last_used_at, language) : t('apiTokens.list.never')}
            </Table.Td>
            <Table.Td ta="end">
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                aria-label={t('apiTokens.list.revokeToken', { prefix: token.prefix })}
                onClick={() => onRevoke(token)}
              >
                {t('apiTokens.list.revoke')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
