// The frame every back-office screen sits in: header (brand, navigation, language), main, footer.
import { AppShell, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountLanguage } from '../../hooks/use-account-language';
import classes from './app-frame.module.css';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

export const mainContentId = 'main-content';

export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useAccountLanguage();
  return (
    <AppShell header={{ height: 64 }} footer={{ height: 44 }} padding="md">
      <a href={`#${mainContentId}`} className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id={mainContentId} tabIndex={-1} className={classes.main}>
        <Container size="lg" px={0} py="md">
          {children}
        </Container>
      </AppShell.Main>
      <AppShell.Footer>
        <AppFooter />
      </AppShell.Footer>
    </AppShell>
  );
}
