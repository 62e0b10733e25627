// The permission matrix: every operation of the contract and who may call it (product spec §6;
// where it is silent: Support is staff but cannot delete partners or move balances). The type makes
// an operation without an entry fail the build; a test walks every operation against every role.
import type { UserType } from '../domain/principal.js';
import type { OperationId } from './contract.js';

export interface Permission {
  /** `public`: no credential at all; `signed-in`: any role; otherwise the roles listed. */
  allow: 'public' | 'signed-in' | readonly UserType[];
  /** Account operations answer before onboarding is complete; product operations do not. */
  beforeOnboarding?: true;
}

const staff = ['Admin', 'Support'] as const;
const account: Permission = { allow: 'signed-in', beforeOnboarding: true };
const open: Permission = { allow: 'public' };

export const permissions: Record<OperationId, Permission> = {
  getHealth: open,
  getReadiness: open,
  getLegalVersions: open,
  startSignIn: open,
  signIn: open,
  sendVoiceOtp: open,
  signOut: account,
  getAccountDetails: account,
  updateAccountDetails: account,
  updateAccountLocale: account,
  startOnboarding: account,
  acceptTerms: account,
  completeAccount: account,
  changePhone: account,
  changeEmail: account,
  createApiToken: { allow: 'signed-in' },
  listApiTokens: { allow: 'signed-in' },
  revokeApiToken: { allow: 'signed-in' },
  listMailMessages: { allow: staff },
  getMailMessage: { allow: staff },
  sendMail: { allow: staff },
  updateMailMessage: { allow: staff },
  deleteMailMessage: { allow: ['Admin'] },
  // Sales and analytics: every role; what each sees is the sales scope (staff all, supervisor the
  // agency, agent own or the company's when it shares bookings).
  listSales: { allow: 'signed-in' },
  getSale: { allow: 'signed-in' },
  exportSales: { allow: 'signed-in' },
  getAnalytics: { allow: 'signed-in' },
};

export function mayCall(permission: Permission, userType: UserType): boolean {
  return permission.allow === 'public' || permission.allow === 'signed-in' || permission.allow.includes(userType);
}
