// Who is calling: resolved once per request by the auth plugin, passed to every service call.
import type { AgencyPermission, BookingVisibility } from './agency-users/agency-permissions.js';

export type UserType = 'Admin' | 'Support' | 'Agent' | 'Supervisor';

export interface Principal {
  accountId: string;
  userType: UserType;
  agencyId: string | null;
  companyId: string | null;
  /** What the caller may do inside the agency (agency-permissions.ts); absent: the role's preset. */
  agencyPermissions?: ReadonlySet<AgencyPermission>;
  /** The caller's own booking visibility; absent or null: the company's shared_bookings decides. */
  bookingVisibility?: BookingVisibility | null;
  /** Until onboarding is complete (terms and privacy accepted), only account operations answer. */
  onboardingComplete: boolean;
  /** The account's interface language: what its error texts are written in, unless the request asks for another. */
  language?: 'en' | 'ua' | 'pl';
  /** How the caller authenticated; test tokens reach the sandbox airlines only. */
  via:
    | {
        kind: 'token';
        tokenId: string;
        mode: 'test' | 'live';
        /** What the token is for: a developer's API calls, or the browser extension (its own channels). */
        source: 'api' | 'extension';
      }
    | { kind: 'session'; sessionId: string };
  /** Set while the admin assistant runs a confirmed plan: every audit entry names the plan and its question. */
  assistant?: { planId: string; question: string };
}

/** Admin and Support are platform staff (product spec §6). */
export function isStaff(principal: Principal): boolean {
  return principal.userType === 'Admin' || principal.userType === 'Support';
}

/**
 * The mode a caller's reads are walled to: a test token sees test data only, a live token live data
 * only; undefined for a console session, which sees both.
 */
export function liveModeOf(principal: Principal): boolean | undefined {
  return principal.via.kind === 'token' ? principal.via.mode === 'live' : undefined;
}
