// Renders the screen for the address bar's path, once the page's access rules allow it (see
// access.ts): a page that needs the account waits for it, and a visitor who may not see the page
// is sent on. After an in-app navigation, focus moves to the main area so keyboard and
// screen-reader users start at the new screen, not in the old header.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../hooks/use-current-account';
import { navigate, usePathname } from '../lib/router';
import { needsAccount, redirectFor } from './access';
import { mainContentId } from './frame/app-frame';
import { accessFor, screenFor } from './routes';

export function RouteView() {
  const { t } = useTranslation();
  const pathname = usePathname();
  const account = useCurrentAccount();
  const access = accessFor(pathname);
  const redirect = redirectFor(pathname, access, account.data);

  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById(mainContentId)?.focus();
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (redirect !== null) navigate(redirect, { replace: true });
  }, [redirect]);

  const waiting = needsAccount(access) && account.data === undefined;
  if (waiting && account.isError) {
    // The error itself is already a notice (the query client shows failed queries).
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text c="gray.8">{t('app.accountUnavailable')}</Text>
        <Button variant="light" onClick={() => void account.refetch()} loading={account.isFetching}>
          {t('app.retry')}
        </Button>
      </Stack>
    );
  }
  const loading = (
    <Center py="xl">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
  if (redirect !== null || waiting) return loading;
  // A screen's code arrives with its first visit (routes.tsx).
  return <Suspense fallback={loading}>{screenFor(pathname)}</Suspense>;
}
