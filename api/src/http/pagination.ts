// Lists take page/per_page and answer {data, meta: {page, per_page, total}} (DESIGN.md §3); the
// defaults are the contract's.
export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageOf(query: { page?: number; per_page?: number }): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? 25 };
}

export function listBody<T>(data: T[], total: number, page: PageRequest) {
  return { data, meta: { page: page.page, per_page: page.perPage, total } };
}
