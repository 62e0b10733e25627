// The settings pages share a title and their own small navigation: the account, API tokens, and
// for supervisors and staff the agency's webhooks, events, Fare Watch settings and back-office connections;
// for an agent, where their company asks to join a partner.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../hooks/use-current-account';
import { linkProps, usePathname } from '../lib/router';
import classes from './frame/app-frame.module.css';

const sections = [
  { path: '/settings', label: 'settings.nav.account' },
  { path: '/settings/api_tokens', label: 'settings.nav.apiTokens' },
  { path: '/workspace', label: 'settings.nav.workspace' },
] as const;

const developerSections = [
  { path: '/settings/webhooks', label: 'settings.nav.webhooks' },
  { path: '/settings/events', label: 'settings.nav.events' },
  { path: '/settings/fare_watch', label: 'settings.nav.fareWatch' },
  { path: '/settings/back_office', label: 'settings.nav.backOffice' },
] as const;

const agentSections = [{ path: '/admin/join_requests', label: 'settings.nav.joinPartner' }] as const;

export function SettingsLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pathname = usePathname();
  const account = useCurrentAccount().data;
  const runsWebhooks = account !== null && account !== undefined && account.user_type !== 'Agent';
  const base = runsWebhooks
    ? [...sections, ...developerSections]
    : account?.user_type === 'Agent'
      ? [...sections, ...agentSections]
      : sections;
  // The agency's users, for whoever holds `users` (the server decides by the same permission).
  const shown = account?.permissions.includes('users')
    ? [...base, { path: '/settings/users', label: 'settings.nav.users' } as const]
    : base;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('settings.title')}</Title>
      <nav aria-label={t('settings.nav.label')}>
        <Group gap="xs">
          {shown.map(({ path, label }) => (
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
