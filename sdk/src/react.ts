// TanStack Query hooks for every operation, for the console and any React app.
export * from './generated/react';
