// The account columns every credential lookup (a session, an API token) reads for its principal,
// from the account joined as `a`: one list, so a new principal field reaches both.
export const principalAccountColumns = [
  'a.id as account_id',
  'a.user_type',
  'a.agency_id',
  'a.company_id',
  'a.onboarding_state',
  'a.language',
  'a.agency_permissions',
  'a.booking_visibility',
] as const;
