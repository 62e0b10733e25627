// The screen for each of the console's pages (app/paths.ts lists them, and the API serves
// index.html for exactly those) and who may see it.
import type { ReactElement } from 'react';
import { ApiTokensScreen } from '../features/api-tokens';
import { SignInScreen } from '../features/auth';
import { HomeScreen } from '../features/home';
import { NotFoundScreen } from '../features/not-found';
import { OnboardingScreen } from '../features/onboarding';
import { SettingsScreen } from '../features/settings';
// flight search
import { SearchScreen } from '../features/search';
// bookings
import { BookingsScreen } from '../features/bookings';
// Sales and analytics
import { AnalyticsScreen } from '../features/analytics';
import { SalesScreen } from '../features/sales';
// notifications
import { ActionRequiredScreen } from '../features/action-required';
import type { Access } from './access';
import { paths, type PagePath } from './paths';
import { SettingsLayout } from './settings-layout';
// back office
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

interface Route {
  access: Access;
  screen: () => ReactElement;
}

function adminScreen(Screen: () => ReactElement): Route {
  return {
    access: 'signedIn',
    screen: () => (
      <AdminLayout>
        <Screen />
      </AdminLayout>
    ),
  };
}

/** Every page of paths.ts and no other: a page without a screen, or a screen without a page, fails tsc. */
const routes: Record<PagePath, Route> = {
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
  // bookings
  [paths.bookings]: { access: 'signedIn', screen: () => <BookingsScreen /> },
  // back office: who may call each operation is the API's business; these pages only
  // need a signed-in account.
  [adminPaths.partners]: adminScreen(PartnersScreen),
  [adminPaths.partner]: adminScreen(PartnerScreen),
  [adminPaths.companies]: adminScreen(CompaniesScreen),
  [adminPaths.company]: adminScreen(CompanyScreen),
  [adminPaths.joinRequests]: adminScreen(JoinRequestsScreen),
  [adminPaths.supportUsers]: adminScreen(SupportUsersScreen),
  [adminPaths.gates]: adminScreen(GatesScreen),
  [adminPaths.creditCards]: adminScreen(CreditCardsScreen),
  [adminPaths.exchangeRates]: adminScreen(ExchangeRatesScreen),
  [adminPaths.auditLog]: adminScreen(AuditLogScreen),
  [agencyPath]: { access: 'signedIn', screen: () => <AgencyScreen /> },
  // Sales and analytics
  [paths.sales]: { access: 'signedIn', screen: () => <SalesScreen /> },
  [paths.analytics]: { access: 'signedIn', screen: () => <AnalyticsScreen /> },
  // notifications
  [paths.actionRequired]: { access: 'signedIn', screen: () => <ActionRequiredScreen /> },
};

function routeOf(path: string): Route | undefined {
  return Object.hasOwn(routes, path) ? routes[path as PagePath] : undefined;
}

export function accessFor(path: string): Access | undefined {
  return routeOf(path)?.access;
}

export function screenFor(path: string): ReactElement {
  return routeOf(path)?.screen() ?? <NotFoundScreen path={path} />;
}
