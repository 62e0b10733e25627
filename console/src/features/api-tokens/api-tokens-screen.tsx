// /settings/api_tokens: tokens for the Contrail API. A new token's secret is shown once, here,
// right after it is made; the list shows only each token's prefix.
import type { CreatedApiToken } from '@contrail/sdk';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { CreateTokenForm } from './components/create-token-form';
import { NewToken } from './components/new-token';
import { TokenList } from './components/token-list';

export function ApiTokensScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('apiTokens.title'));
  const [created, setCreated] = useState<{ token: string; details: CreatedApiToken } | null>(null);
  return (
    <Stack gap="lg">
      {created ? (
        <NewToken token={created.token} details={created.details} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={(token, details) => setCreated({ token, details })} />
      )}
      <TokenList />
    </Stack>
  );
}
