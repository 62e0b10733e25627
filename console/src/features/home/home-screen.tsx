// The screen shown after sign-in and sign-out (product spec §2): it introduces the back office and
// its three areas, each a way in for the signed in.
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { linkProps } from '../../lib/router';

const areas = { search: '/search', bookings: '/bookings', sales: '/sales' } as const;
// marketing: the server answers / with the agency home to the signed out. A visitor who
// reaches / inside the app (a link, not a page load) and turns out signed out is sent there too;
// a page loaded at / was already decided by the server, so it never loops.
const loadedAt = window.location.pathname;

export function HomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.home'));
  const account = useCurrentAccount().data;
  const signedIn = Boolean(account);
  useEffect(() => {
    if (account === null && loadedAt !== '/') window.location.assign('/');
  }, [account]);
  return (
    <Stack gap="xl">
      <Stack gap="sm" maw={640}>
        <Title order={1}>{t('home.title')}</Title>
        <Text size="lg" c="gray.8">
          {t('home.lead')}
        </Text>
        <div>
          {signedIn ? (
            <Button component="a" variant="light" {...linkProps('/settings')}>
              {t('home.settings')}
            </Button>
          ) : (
            <Button component="a" {...linkProps('/sign_in')}>
              {t('home.signIn')}
            </Button>
          )}
        </div>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {Object.entries(areas).map(([area, path]) => (
          <Card key={area} withBorder padding="lg" component="section" aria-labelledby={`home-${area}`}>
            <Stack gap="xs" align="flex-start">
              <Title order={2} size="h4" id={`home-${area}`}>
                {t(`home.${area}.title`)}
              </Title>
              <Text size="sm" c="gray.8">
                {t(`home.${area}.text`)}
              </Text>
              {signedIn && (
                <Button component="a" variant="subtle" size="compact-sm" {...linkProps(path)}>
                  {t(`home.${area}.open`)}
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
