// The console's pages (product spec §2). The API serves index.html for exactly these paths, so a
// path added here must be added to the API's page routes too.
import type { ReactElement } from 'react';
import { ApiTokensScreen } from '../features/api-tokens';
import { SignInScreen } from '../features/auth';
import { HomeScreen } from '../features/home';
import { NotFoundScreen } from '../features/not-found';
import { OnboardingScreen } from '../features/onboarding';
import { SettingsScreen } from '../features/settings';
// flight search
import { SearchScreen } from '../features/search';
// bookings (issue #5)
import { BookingsScreen } from '../features/bookings';
// Sales and analytics
import { AnalyticsScreen } from '../features/analytics';
import { SalesScreen } from '../features/sales';
import type { Access } from './access';
import { SettingsLayout } from './settings-layout';
// back office (issue #6)
import {
  AdminLayout,
  AgencyScreen,
  AuditLogScreen,
  CompaniesScreen,
  CompanyScreen,
  CreditCardsScreen,
  ExchangeRatesScreen,
  GatesScreen,
  JoinRequestsScreen,
  PartnerScreen,
  PartnersScreen,
  SupportUsersScreen,
  adminPaths,
  agencyPath,
} from '../features/back-office';

export const paths = {
  home: '/',
  signIn: '/sign_in',
  onboarding: '/onboarding',
  settings: '/settings',
  apiTokens: '/settings/api_tokens',
  // flight search
  search: '/search',
  // bookings (issue #5)
  bookings: '/bookings',
  // back office (issue #6)
  admin: adminPaths.partners,
  agency: agencyPath,
  // Sales and analytics
  sales: '/sales',
  analytics: '/analytics',
} as const;

interface Route {
  access: Access;
  screen: () => ReactElement;
}

const routes: Record<string, Route> = {
  [paths.home]: { access: 'anyone', screen: () => <HomeScreen /> },
  [paths.signIn]: { access: 'signedOut', screen: () => <SignInScreen /> },
  [paths.onboarding]: { access: 'onboarding', screen: () => <OnboardingScreen /> },
  [paths.settings]: {
    access: 'signedIn',
    screen: () => (
      <SettingsLayout>
        <SettingsScreen />
      </SettingsLayout>
    ),
  },
  [paths.apiTokens]: {
    access: 'signedIn',
    screen: () => (
      <SettingsLayout>
        <ApiTokensScreen />
      </SettingsLayout>
    ),
  },
  // flight search
  [paths.search]: { access: 'signedIn', screen: () => <SearchScreen /> },
  // bookings (issue #5)
  [paths.bookings]: { access: 'signedIn', screen: () => <BookingsScreen /> },
  // back office (issue #6): who may call each operation is the API's business; these pages only
  // need a signed-in account.
  ...Object.fromEntries(
    (
      [
        [adminPaths.partners, PartnersScreen],
        [adminPaths.partner, PartnerScreen],
        [adminPaths.companies, CompaniesScreen],
        [adminPaths.company, CompanyScreen],
        [adminPaths.joinRequests, JoinRequestsScreen],
        [adminPaths.supportUsers, SupportUsersScreen],
        [adminPaths.gates, GatesScreen],
        [adminPaths.creditCards, CreditCardsScreen],
        [adminPaths.exchangeRates, ExchangeRatesScreen],
        [adminPaths.auditLog, AuditLogScreen],
      ] as const
    ).map(([path, Screen]) => [
      path,
      {
        access: 'signedIn' as const,
        screen: () => (
          <AdminLayout>
            <Screen />
          </AdminLayout>
        ),
      },
    ]),
  ),
  [agencyPath]: { access: 'signedIn', screen: () => <AgencyScreen /> },
  // Sales and analytics
  [paths.sales]: { access: 'signedIn', screen: () => <SalesScreen /> },
  [paths.analytics]: { access: 'signedIn', screen: () => <AnalyticsScreen /> },
};

export function accessFor(path: string): Access | undefined {
  return routes[path]?.access;
}

export function screenFor(path: string): ReactElement {
  return routes[path]?.screen() ?? <NotFoundScreen path={path} />;
}
