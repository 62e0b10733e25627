// Product spec §2: a flight is shown wide when the window is wider than 840 px, compact otherwise.
import { useSyncExternalStore } from 'react';

const wideQuery = '(min-width: 841px)';

export function useWideLayout(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(wideQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(wideQuery).matches,
  );
}
