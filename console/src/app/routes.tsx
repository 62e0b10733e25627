// The console's pages (product spec §2). The API serves index.html for exactly these paths, so a
// path added here must be added to the API's page routes too.
import type { ReactElement } from 'react';
import { ApiTokensScreen } from '../features/api-tokens';
import { SignInScreen } from '../features/auth';
import { HomeScreen } from '../features/home';
import { NotFoundScreen } from '../features/not-found';
import { OnboardingScreen } from '../features/onboarding';
import { SettingsScreen } from '../features/settings';
// Sales and analytics
import { AnalyticsScreen } from '../features/analytics';
import { SalesScreen } from '../features/sales';
import type { Access } from './access';
import { SettingsLayout } from './settings-layout';

export const paths = {
  home: '/',
  signIn: '/sign_in',
  onboarding: '/onboarding',
  settings: '/settings',
  apiTokens: '/settings/api_tokens',
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
