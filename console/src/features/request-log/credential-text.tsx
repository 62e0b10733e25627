// Which credential made a call: "Token name · test", or "Console session".
import type { RequestLog } from '@contrail/sdk';
import { Text } from '@mantine/core';
import { useRequestLogTexts } from './texts';

/** "Token name · test", or "Console session". */
export function CredentialText({ row }: { row: RequestLog }) {
  const { t } = useRequestLogTexts();
  if (row.credential === 'session') return <Text size="sm">{t('consoleSession')}</Text>;
  return (
    <Text size="sm">
      {row.token_name ?? t('unnamedToken')}
      {row.mode && (
        <Text span size="xs" c={row.mode === 'live' ? 'red.8' : 'gray.8'}>
          {' · '}
          {t(`modes.${row.mode}`)}
        </Text>
      )}
    </Text>
  );
}
