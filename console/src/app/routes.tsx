// The screen for each of the console's pages (app/paths.ts lists them, and the API serves
// index.html for exactly those) and who may see it.
// Each screen but the first a visitor meets (home, sign-in, not found) is its own chunk, loaded when
// its page opens: a phone on the sign-in page downloads no search, bookings, charts or admin code.
// route-view.tsx shows a loader while a chunk arrives.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type ReactElement } from 'react';
import { SignInScreen } from '../features/auth';
// bookings: the first page's request, light enough for the entry (the screen stays a chunk)
import { prefetchFirstBookingsPage } from '../features/bookings/bookings-list-query';
import { HomeScreen } from '../features/home';
import { NotFoundScreen } from '../features/not-found';
import type { Access } from './access';
import { paths, type PagePath } from './paths';
import { SettingsLayout } from './settings-layout';
// back office
import { adminPaths, agencyPath } from '../features/back-office/paths';

/** A named export of a feature's module, loaded on first use or when preloadScreen asks for it. */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return Object.assign(Screen, {
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  });
}

const OnboardingScreen = screen(() => import('../features/onboarding'), 'OnboardingScreen');
const SettingsScreen = screen(() => import('../features/settings'), 'SettingsScreen');
const ApiTokensScreen = screen(() => import('../features/api-tokens'), 'ApiTokensScreen');
const UsersScreen = screen(() => import('../features/agency-users'), 'UsersScreen');
const AcceptInviteScreen = screen(() => import('../features/agency-users'), 'AcceptInviteScreen');
// webhooks: one chunk for the endpoints and the event log
const webhooks = () => import('../features/webhooks');
const WebhooksScreen = screen(webhooks, 'WebhooksScreen');
const EventsScreen = screen(webhooks, 'EventsScreen');
// the back-office feed: its own chunk, texts included
const BackOfficeFeedScreen = screen(() => import('../features/back-office-feed'), 'BackOfficeFeedScreen');
// flight search
const SearchScreen = screen(() => import('../features/search'), 'SearchScreen');
// bookings
const BookingsScreen = screen(() => import('../features/bookings'), 'BookingsScreen');
// Sales and analytics
const AnalyticsScreen = screen(() => import('../features/analytics'), 'AnalyticsScreen');
const SalesScreen = screen(() => import('../features/sales'), 'SalesScreen');
// notifications
const ActionRequiredScreen = screen(() => import('../features/action-required'), 'ActionRequiredScreen');
// fare watch: one chunk for the page and its settings
const fareWatch = () => import('../features/fare-watch');
const FareWatchScreen = screen(fareWatch, 'FareWatchScreen');
const FareWatchSettingsScreen = screen(fareWatch, 'FareWatchSettingsScreen');
// the workspace's sandbox: its own chunk, texts included
const SandboxScreen = screen(() => import('../features/sandbox'), 'SandboxScreen');
// the developer workspace's request log: its own chunk, texts included
const RequestLogScreen = screen(() => import('../features/request-log'), 'RequestLogScreen');
// support cases: their own chunk, texts included
const SupportScreen = screen(() => import('../features/support'), 'SupportScreen');
// the admin assistant: its own chunk, texts included, inside the admin screens' frame
const AssistantScreen = screen(() => import('../features/assistant'), 'AssistantScreen');
// back office: one chunk for every admin screen and /agency.
const backOffice = () => import('../features/back-office');
const AdminLayout = lazy(async () => ({ default: (await backOffice()).AdminLayout }));
const AgencyScreen = screen(backOffice, 'AgencyScreen');
const AuditLogScreen = screen(backOffice, 'AuditLogScreen');
const CompaniesScreen = screen(backOffice, 'CompaniesScreen');
const CompanyScreen = screen(backOffice, 'CompanyScreen');
const CreditCardsScreen = screen(backOffice, 'CreditCardsScreen');
const ExchangeRatesScreen = screen(backOffice, 'ExchangeRatesScreen');
const GatesScreen = screen(backOffice, 'GatesScreen');
const JoinRequestsScreen = screen(backOffice, 'JoinRequestsScreen');
const OutboxScreen = screen(backOffice, 'OutboxScreen');
const AirlineMessagesScreen = screen(backOffice, 'AirlineMessagesScreen');
const PartnerScreen = screen(backOffice, 'PartnerScreen');
const PartnersScreen = screen(backOffice, 'PartnersScreen');
const SupportUsersScreen = screen(backOffice, 'SupportUsersScreen');

// the developer workspace: its frame and reference in one chunk (Scalar is a chunk of its own, loaded
// by the reference); its events and webhooks section shows the webhooks feature's own screens
const workspace = () => import('../features/workspace');
const WorkspaceLayout = lazy(async () => ({ default: (await workspace()).WorkspaceLayout }));
const ReferenceScreen = screen(workspace, 'ReferenceScreen');

type LazyScreen = ReturnType<typeof screen>;

interface Route {
  access: Access;
  screen: () => ReactElement;
  /** The lazy screen's code, fetched ahead of the first render (main.tsx, at startup). */
  preload?: () => Promise<void>;
  /** The screen's first data, asked for at startup beside the account instead of after it. */
  prefetch?: (queryClient: QueryClient) => Promise<void>;
}

function adminScreen(Screen: LazyScreen): Route {
  return {
    access: 'signedIn',
    preload: Screen.preload,
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
  [paths.onboarding]: { access: 'onboarding', preload: OnboardingScreen.preload, screen: () => <OnboardingScreen /> },
  [paths.settings]: {
    access: 'signedIn',
    preload: SettingsScreen.preload,
    screen: () => (
      <SettingsLayout>
        <SettingsScreen />
      </SettingsLayout>
    ),
  },
  [paths.apiTokens]: {
    access: 'signedIn',
    preload: ApiTokensScreen.preload,
    screen: () => (
      <SettingsLayout>
        <ApiTokensScreen />
      </SettingsLayout>
    ),
  },
  // the agency's users: those holding `users` (the screen tells anyone else so)
  [paths.agencyUsers]: {
    access: 'signedIn',
    preload: UsersScreen.preload,
    screen: () => (
      <SettingsLayout>
        <UsersScreen />
      </SettingsLayout>
    ),
  },
  [paths.acceptInvite]: { access: 'anyone', preload: AcceptInviteScreen.preload, screen: () => <AcceptInviteScreen /> },
  // webhooks: supervisors and staff (the screens tell anyone else so in one sentence)
  [paths.webhooks]: {
    access: 'signedIn',
    preload: WebhooksScreen.preload,
    screen: () => (
      <SettingsLayout>
        <WebhooksScreen />
      </SettingsLayout>
    ),
  },
  [paths.events]: {
    access: 'signedIn',
    preload: EventsScreen.preload,
    screen: () => (
      <SettingsLayout>
        <EventsScreen />
      </SettingsLayout>
    ),
  },
  // the back-office feed: supervisors and staff (the screen tells anyone else so in one sentence);
  // not preloaded at startup: the first visit's script is at its size budget, and this page is rare
  [paths.backOfficeFeed]: {
    access: 'signedIn',
    screen: () => (
      <SettingsLayout>
        <BackOfficeFeedScreen />
      </SettingsLayout>
    ),
  },
  // flight search
  [paths.search]: { access: 'signedIn', preload: SearchScreen.preload, screen: () => <SearchScreen /> },
  // bookings
  [paths.bookings]: {
    access: 'signedIn',
    preload: BookingsScreen.preload,
    prefetch: prefetchFirstBookingsPage,
    screen: () => <BookingsScreen />,
  },
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
  [adminPaths.assistant]: adminScreen(AssistantScreen),
  [adminPaths.outbox]: adminScreen(OutboxScreen),
  [adminPaths.airlineMessages]: adminScreen(AirlineMessagesScreen),
  [agencyPath]: { access: 'signedIn', preload: AgencyScreen.preload, screen: () => <AgencyScreen /> },
  // Sales and analytics
  [paths.sales]: { access: 'signedIn', preload: SalesScreen.preload, screen: () => <SalesScreen /> },
  [paths.analytics]: { access: 'signedIn', preload: AnalyticsScreen.preload, screen: () => <AnalyticsScreen /> },
  // notifications
  [paths.actionRequired]: {
    access: 'signedIn',
    preload: ActionRequiredScreen.preload,
    screen: () => <ActionRequiredScreen />,
  },
  // fare watch: the page for every role (the API shows each their bookings' opportunities); the
  // settings for supervisors and staff (the screen tells anyone else so in one sentence)
  // the request log: every role (the API shows a supervisor the agency's calls, anyone else their own)
  [paths.workspaceLogs]: {
    access: 'signedIn',
    preload: RequestLogScreen.preload,
    screen: () => (
      <WorkspaceLayout>
        <RequestLogScreen />
      </WorkspaceLayout>
    ),
  },
  [paths.fareWatch]: { access: 'signedIn', preload: FareWatchScreen.preload, screen: () => <FareWatchScreen /> },
  // support cases: agents and supervisors their cases, staff the queue
  [paths.support]: { access: 'signedIn', preload: SupportScreen.preload, screen: () => <SupportScreen /> },
  // the workspace's sandbox: every signed-in person (the clock is their agency's; staff are told why not)
  [paths.workspaceSandbox]: {
    access: 'signedIn',
    preload: SandboxScreen.preload,
    screen: () => (
      <WorkspaceLayout>
        <SandboxScreen />
      </WorkspaceLayout>
    ),
  },
  [paths.fareWatchSettings]: {
    access: 'signedIn',
    preload: FareWatchSettingsScreen.preload,
    screen: () => (
      <SettingsLayout>
        <FareWatchSettingsScreen />
      </SettingsLayout>
    ),
  },
  // the developer workspace: every signed-in user (the events and webhooks section tells those who
  // may not run webhooks so in one sentence). Opened first, its reference's code and contract are
  // asked for at startup, beside the account (not waited for: the frame renders without them).
  [paths.workspace]: {
    access: 'signedIn',
    preload: ReferenceScreen.preload,
    prefetch: (queryClient) => workspace().then((feature) => feature.preloadReference(queryClient)),
    screen: () => (
      <WorkspaceLayout>
        <ReferenceScreen />
      </WorkspaceLayout>
    ),
  },
  [paths.workspaceEvents]: {
    access: 'signedIn',
    screen: () => (
      <WorkspaceLayout>
        <WebhooksScreen />
        <EventsScreen />
      </WorkspaceLayout>
    ),
  },
};

function routeOf(path: string): Route | undefined {
  return Object.hasOwn(routes, path) ? routes[path as PagePath] : undefined;
}

export function accessFor(path: string): Access | undefined {
  return routeOf(path)?.access;
}

/**
 * Fetches a page's code and first data at startup, together with the account; settles (never
 * fails) once both are in.
 */
export function preloadScreen(path: string, queryClient: QueryClient): Promise<void> {
  const route = routeOf(path);
  return Promise.all([route?.preload?.(), route?.prefetch?.(queryClient)]).then(() => undefined);
}

export function screenFor(path: string): ReactElement {
  return routeOf(path)?.screen() ?? <NotFoundScreen path={path} />;
}
