// The admin screens share a title and their own navigation, as the settings do.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { linkProps, usePathname } from '../../lib/router';
import { RoleNotice } from '../../components/role-notice';
import { adminPaths } from './paths';

const sections = [
  { path: adminPaths.partners, label: 'backOffice.nav.partners' },
  { path: adminPaths.companies, label: 'backOffice.nav.companies' },
  { path: adminPaths.joinRequests, label: 'backOffice.nav.joinRequests' },
  { path: adminPaths.gates, label: 'backOffice.nav.gates' },
  { path: adminPaths.creditCards, label: 'backOffice.nav.creditCards' },
  { path: adminPaths.exchangeRates, label: 'backOffice.nav.exchangeRates' },
  { path: adminPaths.supportUsers, label: 'backOffice.nav.supportUsers' },
  { path: adminPaths.auditLog, label: 'backOffice.nav.auditLog' },
  { path: adminPaths.outbox, label: 'backOffice.nav.outbox' },
  { path: adminPaths.airlineMessages, label: 'backOffice.nav.airlineMessages' },
  { path: adminPaths.assistant, label: 'backOffice.nav.assistant' },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pathname = usePathname();
  const userType = useCurrentAccount().data?.user_type;
  // Platform staff run every admin screen; anyone else only answers their own join requests.
  const staff = userType === 'Admin' || userType === 'Support';
  if (!staff && pathname !== adminPaths.joinRequests)
    return <RoleNotice title={t('backOffice.title')} text={t('backOffice.roleNotice.staffOnly')} />;
  const shown = staff ? sections : sections.filter((s) => s.path === adminPaths.joinRequests);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('backOffice.title')}</Title>
      <nav aria-label={t('backOffice.nav.label')}>
        <Group gap="xs">
          {shown.map(({ path, label }) => (
            <Anchor
              key={path}
              {...linkProps(path)}
              aria-current={pathname === path || `${pathname}s` === path ? 'page' : undefined}
              fw={pathname === path || `${pathname}s` === path ? 700 : 400}
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
