// The back office's pages: the admin screens under /admin and the supervisor's /agency. Plain data,
// so the console's page list (app/paths.ts) and the test that holds it against the API's read it
// without loading a screen.
export const adminPaths = {
  partners: '/admin/partners',
  partner: '/admin/partner',
  companies: '/admin/companies',
  company: '/admin/company',
  joinRequests: '/admin/join_requests',
  supportUsers: '/admin/support_users',
  gates: '/admin/gates',
  creditCards: '/admin/credit_cards',
  exchangeRates: '/admin/exchange_rates',
  auditLog: '/admin/audit_log',
  assistant: '/admin/assistant',
  // staff: the mail outbox, demo requests and presentation requests
  outbox: '/admin/outbox',
  // staff: the airline message log
  airlineMessages: '/admin/airline_messages',
} as const;

export const agencyPath = '/agency';
