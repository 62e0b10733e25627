// orval turns the bundled contract into the SDK's generated code: plain fetch functions for
// developers, TanStack Query hooks for the console, zod schemas for forms. All three call the
// hand-written core (src/core/http.ts), which owns auth, retries, idempotency and errors.
import { defineConfig } from 'orval';

const input = { target: '../api/src/http/generated/openapi.bundle.json' };
const mutator = { path: './src/core/http.ts', name: 'contrailFetch' };
// Request bodies whose fields have defaults live in components/requestBodies (so that generators
// make those fields optional); their types keep the component's own name, with no `Body` suffix.
const components = { requestBodies: { suffix: '' } };

export default defineConfig({
  client: {
    input,
    output: {
      mode: 'tags-split',
      target: './src/generated/client/endpoints.ts',
      schemas: './src/generated/model',
      client: 'fetch',
      clean: true,
      headers: true,
      override: { mutator, components, fetch: { includeHttpResponseReturnType: false } },
    },
  },
  hooks: {
    input,
    output: {
      mode: 'tags-split',
      target: './src/generated/react/endpoints.ts',
      schemas: './src/generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      headers: true,
      override: {
        mutator,
        components,
        fetch: { includeHttpResponseReturnType: false },
        query: { useQuery: true },
      },
    },
  },
  zod: {
    input,
    output: {
      mode: 'tags-split',
      target: './src/generated/zod/endpoints.ts',
      client: 'zod',
      clean: true,
    },
  },
});
