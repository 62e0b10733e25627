// The console pages a notification or an "action required" item points to. The console's page
// list is console/src/app/paths.ts (the API cannot import it); tests/integration/notifications.test.ts
// holds these paths to that list, so a renamed page fails a test rather than a link.
export const consolePages = {
  bookings: '/bookings',
  sales: '/sales',
  settings: '/settings',
  backOffice: '/settings/back_office',
  agency: '/agency',
  adminCompany: '/admin/company',
  actionRequired: '/action_required',
  support: '/support',
} as const;

export const bookingLink = (locator: string) => `${consolePages.bookings}?locator=${encodeURIComponent(locator)}`;
export const supportCaseLink = (caseId: string) => `${consolePages.support}?case=${encodeURIComponent(caseId)}`;
export const companyLink = (companyId: string) => `${consolePages.adminCompany}?id=${encodeURIComponent(companyId)}`;

/** An absolute address of a console page, for mail (`base`: PUBLIC_APP_URL, no trailing slash). */
export const absoluteLink = (base: string, path: string) => `${base}${path}`;
