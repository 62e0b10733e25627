import { useSyncExternalStore } from 'react';
import { subscribeToLocation } from './history';

/** One query parameter of the address bar (`''` when absent), re-rendering when the address changes. */
export function useQueryParam(name: string): string {
  return useSyncExternalStore(
    subscribeToLocation,
    () => new URLSearchParams(window.location.search).get(name) ?? '',
    () => '',
  );
}
