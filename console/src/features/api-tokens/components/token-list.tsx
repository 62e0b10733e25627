// The account's tokens, newest first as the API lists them: prefix, name, mode, when made and last
// used (a table on wide screens, cards on phones). Revoking asks first; a revoked token stops
// working at once.
import type { ApiToken } from '@contrail/sdk';
import { useListApiTokens } from '@contrail/sdk/react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { ListPager } from '../../../components/list-pager';
import { useLanguage } from '../../../lib/i18n';
import { RevokeTokenModal } from './revoke-token-modal';
import { TokenCards } from './token-cards';
import { TokenTable } from './token-table';

const perPage = 20;

export function TokenList() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const list = useListApiTokens({ page, per_page: perPage, source: 'api' });
  const tokens = list.data?.data ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / perPage)) : 1;

  return (
    <SectionCard title={t('apiTokens.list.title')}>
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : tokens.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('apiTokens.list.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <TokenTable tokens={tokens} language={language} onRevoke={setRevoking} />
          <TokenCards tokens={tokens} language={language} onRevoke={setRevoking} />
          <ListPager pages={pages} page={page} onChange={setPage} />
        </Stack>
      )}
      <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} />
    </SectionCard>
  );
}
