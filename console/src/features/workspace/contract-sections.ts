// The reference shows the contract one section (one of its tags) at a time. Scalar validates,
// normalises and renders whatever document it is given as one piece of work on the page's main
// thread; for the whole contract (over 200 operations, 300 schemas) that kept the workspace busy
// for seconds after its first paint. A section's document holds its operations and only the
// components they reach, so the work grows with the section, not with the contract. The whole
// contract stays one choice away (`allSections`), and downloadable as it is served.

/** The section that shows the whole contract at once. */
export const allSections = '*';

type Json = Record<string, unknown>;

export interface Contract extends Json {
  tags?: { name: string }[];
  paths?: Record<string, Json>;
  components?: Record<string, Json>;
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const tagsOf = (operation: unknown): string[] =>
  isObject(operation) && Array.isArray(operation['tags']) ? (operation['tags'] as string[]) : [];

/** The contract's sections, in its own order (declared tags first, then any only used by operations). */
export function sectionsOf(contract: Contract): string[] {
  const names = (contract.tags ?? []).map((t) => t.name);
  for (const pathItem of Object.values(contract.paths ?? {}))
    for (const [key, operation] of Object.entries(pathItem))
      if (httpMethods.has(key)) for (const tag of tagsOf(operation)) if (!names.includes(tag)) names.push(tag);
  return names;
}

/**
 * The contract with only the operations of `section` (a tag), and only the components those reach
 * through `$ref`s (security schemes are kept whole: authentication names them without a `$ref`).
 */
export function sectionDocument(contract: Contract, section: string): Contract {
  if (section === allSections) return contract;
  const paths: Record<string, Json> = {};
  for (const [path, pathItem] of Object.entries(contract.paths ?? {})) {
    const kept = Object.entries(pathItem).filter(
      ([key, value]) => httpMethods.has(key) && tagsOf(value).includes(section),
    );
    if (!kept.length) continue;
    const shared = Object.entries(pathItem).filter(([key]) => !httpMethods.has(key));
    paths[path] = Object.fromEntries([...shared, ...kept]);
  }
  const all = contract.components ?? {};
  const reached: Record<string, Json> = all['securitySchemes'] ? { securitySchemes: all['securitySchemes'] } : {};
  const pending: unknown[] = [paths];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (isObject(value)) {
      const ref = value['$ref'];
      if (typeof ref === 'string' && ref.startsWith('#/components/')) {
        const [kind, name] = ref
          .slice('#/components/'.length)
          .split('/')
          .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
        const target = kind && name ? all[kind]?.[name] : undefined;
        if (kind && name && target !== undefined && reached[kind]?.[name] === undefined) {
          reached[kind] = { ...reached[kind], [name]: target };
          pending.push(target);
        }
      }
      for (const [key, inner] of Object.entries(value)) if (key !== '$ref') pending.push(inner);
    }
  }
  return {
    ...contract,
    tags: (contract.tags ?? []).filter((t) => t.name === section),
    paths,
    components: reached,
  };
}
