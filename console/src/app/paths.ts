// The console's pages (product spec §2): every path it answers with a screen. routes.tsx gives each
// exactly one screen (tsc holds it to this list), and the API serves index.html for each of them
// (tests/contract/routes.test.ts holds the API's page routes to this list), so a page is added here.
import { adminPaths, agencyPath } from '../features/back-office/paths';

export const paths = {
  home: '/',
  signIn: '/sign_in',
  onboarding: '/onboarding',
  settings: '/settings',
  apiTokens: '/settings/api_tokens',
  // the agency's users: permissions, visibility, invites, suspension; and where an invite lands
  agencyUsers: '/settings/users',
  acceptInvite: '/invite',
  // webhooks: an agency's endpoints and its event log
  webhooks: '/settings/webhooks',
  events: '/settings/events',
  // the back-office feed: where the agency's accounting documents are delivered
  backOfficeFeed: '/settings/back_office',
  search: '/search',
  bookings: '/bookings',
  admin: adminPaths.partners,
  agency: agencyPath,
  sales: '/sales',
  analytics: '/analytics',
  // notifications: the bookings that need a person
  actionRequired: '/action_required',
  // fare watch: the cheaper fares found, and the agency's settings
  fareWatch: '/fare_watch',
  fareWatchSettings: '/settings/fare_watch',
  // the developer workspace: the sandbox's scenarios and the agency's sandbox clock
  workspaceSandbox: '/workspace/sandbox',
  // the developer workspace: the request log
  workspaceLogs: '/workspace/logs',
  // the developer workspace: the API reference with its try-it, and the agency's events and webhooks
  workspace: '/workspace',
  workspaceEvents: '/workspace/events',
  // support cases: an agent's cases (and a new one), staff's queue and response times; `?case=` opens one
  support: '/support',
} as const;

export const pagePaths = [
  paths.home,
  paths.signIn,
  paths.onboarding,
  paths.settings,
  paths.apiTokens,
  paths.agencyUsers,
  paths.acceptInvite,
  paths.webhooks,
  paths.events,
  paths.backOfficeFeed,
  paths.search,
  paths.bookings,
  ...Object.values(adminPaths),
  agencyPath,
  paths.sales,
  paths.analytics,
  paths.actionRequired,
  paths.fareWatch,
  paths.fareWatchSettings,
  paths.workspaceSandbox,
  paths.workspaceLogs,
  paths.workspace,
  paths.workspaceEvents,
  paths.support,
] as const;

export type PagePath = (typeof pagePaths)[number];
