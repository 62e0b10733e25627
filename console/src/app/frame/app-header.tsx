import type { AccountDetails } from '@contrail/sdk';
import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AgencyLogo } from '../../components/agency-logo';
import { ContrailLogo } from '../../components/contrail-logo';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { linkProps, usePathname } from '../../lib/router';
import { readCsrfToken } from '../configure-sdk';
import { paths } from '../paths';
import { AccountControls } from './account-controls';
import classes from './app-frame.module.css';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from '../../features/inbox';
import { NavigationMenu } from './navigation-menu';

const signedOutNavigation = [
  { path: paths.home, label: 'nav.home' },
  { path: paths.signIn, label: 'nav.signIn' },
] as const;

const signedInNavigation = [
  { path: paths.home, label: 'nav.home' },
  { path: paths.search, label: 'nav.search' },
  // bookings
  { path: paths.bookings, label: 'nav.bookings' },
  // fare watch
  { path: paths.fareWatch, label: 'nav.fareWatch' },
  // Sales and analytics
  { path: paths.sales, label: 'nav.sales' },
  { path: paths.analytics, label: 'nav.analytics' },
  // support cases
  { path: paths.support, label: 'nav.support' },
  { path: paths.settings, label: 'nav.settings' },
] as const;

// Home alone: until onboarding is complete (every page leads back to it), and while the account is
// on its way but the readable CSRF cookie (it lives exactly as long as a session) says someone is
// signed in, so a signed-in page does not flash "Sign in" on every load.
const homeOnlyNavigation = [{ path: paths.home, label: 'nav.home' }] as const;

// back office: staff reach the admin screens, supervisors their own agency.
const staffNavigation = [...signedInNavigation, { path: paths.admin, label: 'nav.admin' }] as const;
const supervisorNavigation = [...signedInNavigation, { path: paths.agency, label: 'nav.agency' }] as const;

// What each link needs of an agency user's permissions (account details): the console hides what
// the server would refuse.
const needs: Partial<Record<string, 'search'>> = { [paths.search]: 'search' };

function signedInNavigationFor(account: AccountDetails) {
  if (account.user_type === 'Admin' || account.user_type === 'Support') return staffNavigation;
  const links = account.user_type === 'Supervisor' ? supervisorNavigation : signedInNavigation;
  return links.filter(({ path }) => {
    const needed = needs[path];
    return needed === undefined || account.permissions.includes(needed);
  });
}

function navigationFor(account: AccountDetails | null | undefined, failed: boolean) {
  if (account) return account.onboarding_state === 'complete' ? signedInNavigationFor(account) : homeOnlyNavigation;
  if (account === undefined && !failed && readCsrfToken(document) !== undefined) return homeOnlyNavigation;
  return signedOutNavigation;
}

function isCurrent(pathname: string, path: string): boolean {
  if (path === paths.admin) return pathname.startsWith('/admin/'); // back office
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

export function AppHeader() {
  const { t } = useTranslation();
  const pathname = usePathname();
  const { data: account, isError } = useCurrentAccount();
  const navigation = navigationFor(account, isError);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group className={classes.brandAndNav} wrap="nowrap">
        <Anchor {...linkProps(paths.home)} underline="never" c="inherit" aria-label={t('app.homeLink')}>
          <Group gap="xs" wrap="nowrap">
            <ContrailLogo />
            {/* Signed in, the links need the room below 88em: the logo alone names the product. */}
            <Text fw={700} size="lg" visibleFrom={navigation.length > 2 ? 'xl' : 'sm'}>
              {t('app.name')}
            </Text>
          </Group>
        </Anchor>
        <nav aria-label={t('nav.label')} className={classes.nav}>
          {/* Signed in, the links outgrow a phone's header: below 62em they are one menu. */}
          <Group gap={4} wrap="nowrap" visibleFrom={navigation.length > 2 ? 'md' : undefined}>
            {navigation.map(({ path, label }) => (
              <Anchor
                key={path}
                {...linkProps(path)}
                // On a phone the logo is the way home, and the header keeps to one line; signed in,
                // the links fill a 1280 px header in Ukrainian and Polish, so below 88em too.
                visibleFrom={path === paths.home ? (navigation.length > 2 ? 'xl' : 'xs') : undefined}
                className={classes.navLink}
                aria-current={isCurrent(pathname, path) ? 'page' : undefined}
              >
                {t(label)}
              </Anchor>
            ))}
          </Group>
          {navigation.length > 2 && (
            <Box hiddenFrom="md">
              <NavigationMenu
                links={navigation.map(({ path, label }) => ({ path, label, current: isCurrent(pathname, path) }))}
              />
            </Box>
          )}
        </nav>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {/* The agency's own logo, for its users; from 48em, where the header has the room. */}
        {account?.logo && account.agency && (
          <AgencyLogo
            account={account}
            alt={t('app.agencyLogo', { name: account.agency.name })}
            h={28}
            w="auto"
            maw={96}
            fit="contain"
            visibleFrom="sm"
          />
        )}
        {account?.onboarding_state === 'complete' && <NotificationBell />}
        <LanguageSwitch />
        {account && <AccountControls account={account} />}
      </Group>
    </Group>
  );
}
