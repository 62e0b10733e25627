import { useSyncExternalStore } from 'react';
import { normalisePath, subscribeToLocation } from './history';

const currentPath = () => normalisePath(window.location.pathname);

/** The current path, re-rendering on back/forward and on in-app navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribeToLocation, currentPath, () => '/');
}
