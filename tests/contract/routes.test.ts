// The routes the API registers and the contract's operations match in both directions: nothing
// in the contract is unserved, and nothing is served under /api/v1 that the contract lacks. The
// console's pages and the page routes the API serves index.html for are one list too.
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import app from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { createAppContext, type AppContext } from '../../api/src/context.js';
import { consoleRoutes } from '../../api/src/http/plugins/static-console.js';
import { landingRoute } from '../../api/src/http/plugins/static-landing.js';
import { marketingRoutes } from '../../api/src/http/plugins/static-marketing.js';
import { apiPrefix, loadSpec } from '../../api/src/http/routes/index.js';
import { pagePaths } from '../../console/src/app/paths.js';
import { testEnv } from '../support/stack.js';

const infraRoutes = new Set([
  'GET /api/v1/openapi.json',
  'GET /healthz',
  'GET /readyz',
  'GET /docs',
  // the docs page's scripts
  'GET /docs/:file',
  // the guides: the index, each guide and its stylesheet, and the samples they link to
  'GET /docs/guides/',
  'GET /docs/guides/:name',
  'GET /docs/guides/samples/:file',
  'GET /packs/*',
  'HEAD /packs/*',
  ...consoleRoutes.map((route) => `GET ${route}`),
  // marketing
  ...marketingRoutes.map((route) => `GET ${route}`),
  // landing: the neo-flights landing page
  `GET ${landingRoute}`,
]);

let ctx: AppContext;
const registered = new Set<string>();

beforeAll(async () => {
  ctx = createAppContext(loadConfig(testEnv()));
  const fastify = Fastify({ logger: false, exposeHeadRoutes: false });
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
  });
  await fastify.register(app, { ctx });
  await fastify.ready();
  await fastify.close();
});
afterAll(async () => {
  await ctx.close();
});

function contractOperations(): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(loadSpec().paths)) {
    for (const method of Object.keys(item)) {
      if (['get', 'put', 'post', 'patch', 'delete'].includes(method)) {
        operations.add(`${method.toUpperCase()} ${apiPrefix}${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      }
    }
  }
  return operations;
}

it('serves every operation of the contract', () => {
  const missing = [...contractOperations()].filter((op) => !registered.has(op));
  expect(missing).toEqual([]);
});

it('serves nothing the contract does not describe, besides the known infrastructure routes', () => {
  const operations = contractOperations();
  const extra = [...registered].filter((route) => !operations.has(route) && !infraRoutes.has(route));
  expect(extra).toEqual([]);
});

it("serves the console for exactly the console's pages", () => {
  // `/` is the marketing route: the agency home for visitors, the console for the signed-in.
  const consolePages = pagePaths.filter((page) => page !== '/');
  expect([...consoleRoutes].sort()).toEqual([...consolePages].sort());
  for (const page of pagePaths) expect(registered.has(`GET ${page}`), page).toBe(true);
});
