// The account as the contract shows it.
import type { AccountDetails } from '../../../domain/accounts/accounts.service.js';
import { agencyLogoUrl } from '../../api-prefix.js';
import type { components } from '../../generated/openapi.generated.js';

export function accountToWire(d: AccountDetails): components['schemas']['AccountDetails'] {
  return {
    id: d.id,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    user_type: d.userType,
    language: d.language,
    auth_method: d.authMethod,
    onboarding_state: d.onboardingState,
    terms_accepted_at: d.termsAcceptedAt ? d.termsAcceptedAt.toISOString() : null,
    company: d.company,
    agency: d.agency ? { id: d.agency.id, name: d.agency.name, corporate_number_on: d.agency.corporateNumberOn } : null,
    companies: d.companies,
    agencies: d.agencies,
    has_api_token: d.hasApiToken,
    demo_user: d.demoUser,
    logo: d.logo ? agencyLogoUrl(d.logo.agencyId, d.logo.version) : null,
    score: d.score ? { issued_30_days: d.score.issued30Days, agency_median_30_days: d.score.agencyMedian30Days } : null,
    permissions: d.permissions,
    booking_visibility: d.bookingVisibility,
  };
}
