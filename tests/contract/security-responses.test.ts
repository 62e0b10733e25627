// Every operation that needs a credential declares 401 and 403, and every public one declares
// neither: the answers the auth layer gives must be in the contract.
import { expect, it } from 'vitest';
import { loadSpec } from '../../api/src/http/routes/index.js';

it('declares 401 and 403 exactly on the operations that need a credential', () => {
  const spec = loadSpec() as unknown as {
    security: unknown[];
    paths: Record<
      string,
      Record<string, { operationId: string; security?: unknown[]; responses: Record<string, unknown> }>
    >;
  };
  const wrong: string[] = [];
  for (const item of Object.values(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const secured = (op.security ?? spec.security).length > 0;
      const declares = '401' in op.responses && '403' in op.responses;
      if (secured !== declares) wrong.push(op.operationId);
    }
  }
  expect(wrong).toEqual([]);
});
