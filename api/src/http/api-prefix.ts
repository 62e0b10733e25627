// Where the contract's paths are mounted, and the URLs the API hands out for its own resources.
export const apiPrefix = '/api/v1';

/** An agency logo's URL; `v` changes with the image, so browsers may cache each URL for a day. */
export function agencyLogoUrl(agencyId: string, updatedAt: Date | string): string {
  const version = typeof updatedAt === 'string' ? updatedAt : String(updatedAt.getTime());
  return `${apiPrefix}/agencies/${encodeURIComponent(agencyId)}/logo?v=${version}`;
}
