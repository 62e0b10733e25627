// Auto-pagination over any list operation that takes page/per_page and answers meta.total:
// `for await (const message of paginate((p) => listMailMessages(p), { per_page: 100 })) …`
interface PageParams {
  page?: number;
  per_page?: number;
}
interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export async function* paginate<T, P extends PageParams>(
  list: (params: P) => Promise<Page<T>>,
  params: P = {} as P,
): AsyncGenerator<T, void, undefined> {
  for (let page = params.page ?? 1; ; page++) {
    const result = await list({ ...params, page });
    yield* result.data;
    if (result.data.length === 0 || page * result.meta.per_page >= result.meta.total) return;
  }
}
