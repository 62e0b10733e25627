// The settings pages share a title and their own small navigation: the account, and API tokens.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { linkProps, usePathname } from '../lib/router';
import classes from './frame/app-frame.module.css';

const sections = [
  { path: '/settings', label: 'settings.nav.account' },
  { path: '/settings/api_tokens', label: 'settings.nav.apiTokens' },
] as const;

export function SettingsLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pathname = usePathname();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('settings.title')}</Title>
      <nav aria-label={t('settings.nav.label')}>
        <Group gap="xs">
          {sections.map(({ path, label }) => (
            <Anchor
              key={path}
              {...linkProps(path)}
              className={classes.navLink}
              aria-current={pathname === path ? 'page' : undefined}
            >
              {t(label)}
            </Anchor>
          ))}
        </Group>
      </nav>
      {children}
    </Stack>
  );
}
