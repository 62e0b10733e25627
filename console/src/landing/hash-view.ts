// The landing page switches view on the URL hash exactly as product spec §2 says: an empty hash or
// '/' is the main view, 'flights' is the flights list. Any other hash shows the main view too.
import { useSyncExternalStore } from 'react';

export type LandingView = 'main' | 'flights';

export function viewOfHash(hash: string): LandingView {
  return hash.replace(/^#/, '') === 'flights' ? 'flights' : 'main';
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useHashView(): LandingView {
  return useSyncExternalStore(subscribe, () => viewOfHash(window.location.hash));
}
