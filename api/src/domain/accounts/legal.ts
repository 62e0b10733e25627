// The versions of the terms of use and the privacy policy every account accepts in onboarding.
// A new version here asks every account to accept again.
export const currentLegalVersions = { terms: '2026-11-01', privacy: '2026-11-01' } as const;
