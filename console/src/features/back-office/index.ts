// The back office: admin screens under /admin and the supervisor's /agency.
export { AdminLayout } from './back-office-layout';
export { adminPaths, agencyPath } from './paths';
export { AgencyScreen } from './agency/agency-screen';
export { AuditLogScreen } from './admin/audit-log-screen';
export { CompaniesScreen } from './admin/companies-screen';
export { CompanyScreen } from './admin/company-screen';
export { CreditCardsScreen } from './admin/credit-cards-screen';
export { ExchangeRatesScreen } from './admin/exchange-rates-screen';
export { GatesScreen } from './admin/gates-screen';
export { JoinRequestsScreen } from './admin/join-requests-screen';
export { OutboxScreen } from './admin/outbox-screen';
export { AirlineMessagesScreen } from './admin/airline-messages-screen';
export { PartnerScreen } from './admin/partner-screen';
export { PartnersScreen } from './admin/partners-screen';
export { SupportUsersScreen } from './admin/support-users-screen';
