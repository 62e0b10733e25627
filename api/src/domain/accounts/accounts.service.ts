// The signed-in account: who it is, its company and agency, onboarding (product spec §4: from
// initial to privacy and on), its sign-in method and its contacts. Its company's balance figure goes only to
// an account holding the `balance` permission.
import {
  heldPermissions,
  listed,
  type AgencyPermission,
  type BookingVisibility,
} from '../agency-users/agency-permissions.js';
import {
  findAccountDetails,
  insertTermsAcceptance,
  updateAccount,
  type AccountDetailsRow,
} from '../../db/accounts.repository.js';
import type { Db } from '../../db/database.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { OneTimeCodes } from '../auth/one-time-codes.js';
import { hashPassword } from '../auth/passwords.js';
import { parseIdentity } from '../auth/sign-in.service.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { MailService } from '../mail/mail.service.js';
import type { Principal, UserType } from '../principal.js';
import { currentLegalVersions } from './legal.js';

export type Locale = 'en' | 'ua' | 'pl';
export type OnboardingState = 'initial' | 'privacy' | 'complete';

export interface AccountDetails {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  userType: UserType;
  language: Locale;
  authMethod: 'otp' | 'password';
  onboardingState: OnboardingState;
  termsAcceptedAt: Date | null;
  /** The company's balance is null unless the account holds the `balance` permission. */
  company: { id: string; name: string; balance: { amount: string; currency: string } | null } | null;
  agency: { id: string; name: string; corporateNumberOn: boolean } | null;
  companies: { id: string; name: string }[];
  agencies: { id: string; name: string }[];
  hasApiToken: boolean;
  demoUser: boolean;
  /** Its agency's logo, by agency and version; null when there is none. */
  logo: { agencyId: string; version: string } | null;
  score: { issued30Days: number; agencyMedian30Days: number } | null;
  /** What the account may do in its agency (agency-permissions.ts); empty for staff. */
  permissions: AgencyPermission[];
  bookingVisibility: BookingVisibility | null;
}

export interface AccountsService {
  details(principal: Pick<Principal, 'accountId'>): Promise<AccountDetails>;
  updateDetails(principal: Principal, changes: { firstName?: string; lastName?: string }): Promise<AccountDetails>;
  updateLocale(principal: Principal, language: Locale): Promise<AccountDetails>;
  startOnboarding(
    principal: Principal,
    about: { firstName: string; lastName: string; language?: Locale },
  ): Promise<AccountDetails>;
  acceptTerms(principal: Principal, versions: { terms: string; privacy: string }): Promise<AccountDetails>;
  chooseSignIn(
    principal: Principal,
    choice: { authMethod: 'otp' | 'password'; password?: string },
  ): Promise<AccountDetails>;
  /** Without a code, sends one to the new address and answers null; with it, makes the change. */
  changeContact(
    principal: Principal,
    kind: 'email' | 'phone',
    value: string,
    code?: string,
  ): Promise<AccountDetails | null>;
}

export function createAccountsService(deps: {
  db: Db;
  clock: Clock;
  codes: OneTimeCodes;
  mail: MailService;
  auth: Authenticator;
}): AccountsService {
  const { db, clock } = deps;

  async function details(principal: Pick<Principal, 'accountId'>): Promise<AccountDetails> {
    const row = await findAccountDetails(db, principal.accountId);
    if (!row) throw notFound('account');
    return toDetails(row);
  }

  async function change(principal: Principal, changes: Parameters<typeof updateAccount>[2]): Promise<AccountDetails> {
    await updateAccount(db, principal.accountId, changes);
    // Role, onboarding or credentials may have changed: cached principals must not outlive that.
    deps.auth.forgetAccount(principal.accountId);
    return details(principal);
  }

  return {
    details,
    updateDetails: (principal, c) => change(principal, { first_name: c.firstName, last_name: c.lastName }),
    updateLocale: (principal, language) => change(principal, { language }),

    async startOnboarding(principal, about) {
      const current = await details(principal);
      if (current.onboardingState === 'complete')
        throw new DomainError('onboarding_step_done', 'Onboarding is complete.');
      return change(principal, {
        first_name: about.firstName,
        last_name: about.lastName,
        language: about.language,
        onboarding_state: 'privacy',
      });
    },

    async acceptTerms(principal, versions) {
      if (versions.terms !== currentLegalVersions.terms || versions.privacy !== currentLegalVersions.privacy) {
        throw new DomainError(
          'terms_version_outdated',
          `Accept terms ${currentLegalVersions.terms} and privacy policy ${currentLegalVersions.privacy}.`,
        );
      }
      const current = await details(principal);
      if (current.onboardingState === 'initial') {
        throw new DomainError('onboarding_step_done', 'Tell us who you are first (POST /onboarding).');
      }
      const now = clock.now();
      await insertTermsAcceptance(db, {
        id: newId('trm'),
        account_id: principal.accountId,
        terms_version: versions.terms,
        privacy_version: versions.privacy,
        accepted_at: now,
      });
      return change(principal, {
        terms_version: versions.terms,
        privacy_version: versions.privacy,
        terms_accepted_at: now,
        onboarding_state: 'complete',
      });
    },

    async chooseSignIn(principal, choice) {
      if (choice.authMethod === 'password') {
        if (!choice.password)
          throw new DomainError('validation_failed', 'Choose a password of at least 10 characters.', {
            pointer: '/password',
          });
        return change(principal, { auth_method: 'password', password_hash: await hashPassword(choice.password) });
      }
      return change(principal, { auth_method: 'otp' });
    },

    async changeContact(principal, kind, raw, code) {
      const identity = parseIdentity(raw);
      const value =
        kind === 'email'
          ? 'email' in identity
            ? identity.email
            : undefined
          : 'phone' in identity
            ? identity.phone
            : undefined;
      if (value === undefined) {
        throw new DomainError(
          'validation_failed',
          kind === 'email' ? 'Enter an email address.' : 'Enter a phone number such as +380501234567.',
          { pointer: '/value' },
        );
      }
      const purpose = kind === 'email' ? 'change_email' : 'change_phone';
      if (code === undefined) {
        const sent = await deps.codes.issue(principal.accountId, purpose, value);
        await deps.mail.queue({
          channel: kind === 'email' ? 'email' : 'sms',
          to: value,
          subject: `Confirm your new ${kind}`,
          body: `Your Contrail confirmation code is ${sent}. It is valid for 5 minutes.`,
        });
        return null;
      }
      if (!(await deps.codes.redeem(principal.accountId, purpose, code, value))) throw new DomainError('invalid_code');
      try {
        return await change(principal, kind === 'email' ? { email: value } : { phone: value });
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new DomainError('already_in_use', `Another account uses this ${kind}.`);
        throw error;
      }
    },
  };
}

function toDetails(row: AccountDetailsRow): AccountDetails {
  const permissions =
    row.user_type === 'Agent' || row.user_type === 'Supervisor'
      ? listed(heldPermissions(row.user_type, row.agency_permissions))
      : [];
  // The balance figure is the `balance` permission's to see: without it the company is named, never weighed.
  const seesBalance = permissions.includes('balance');
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    userType: row.user_type,
    language: row.language,
    authMethod: row.auth_method,
    onboardingState: row.onboarding_state,
    termsAcceptedAt: row.terms_accepted_at,
    company:
      row.company_id && row.company_name
        ? {
            id: row.company_id,
            name: row.company_name,
            balance: seesBalance
              ? { amount: row.balance_amount ?? '0.00', currency: row.balance_currency ?? 'EUR' }
              : null,
          }
        : null,
    agency:
      row.agency_id && row.agency_name
        ? { id: row.agency_id, name: row.agency_name, corporateNumberOn: row.agency_corporate_number_on === true }
        : null,

    companies: row.companies,
    agencies: row.agencies,
    hasApiToken: row.has_api_token,
    demoUser: row.demo_user,
    logo: row.agency_id && row.logo_version ? { agencyId: row.agency_id, version: row.logo_version } : null,
    score: row.score
      ? { issued30Days: Number(row.score.issued_30_days), agencyMedian30Days: Number(row.score.agency_median_30_days) }
      : null,
    permissions,
    bookingVisibility: row.booking_visibility,
  };
}
