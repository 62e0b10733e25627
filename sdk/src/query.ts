// `@contrail/sdk/query`: TanStack Query hooks for every operation (peer dependencies: react and
// @tanstack/react-query).
export * from './generated/react';
