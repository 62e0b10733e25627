// A router small enough to read in one go: the address bar is the state. No router library is
// installed yet and the console has two screens; swap this for one when routes need params.

// pushState and replaceState fire no event, so in-app navigation announces itself with this one.
const locationChanged = 'contrail:locationchange';

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(locationChanged));
}

export function subscribeToLocation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(locationChanged, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(locationChanged, listener);
  };
}

/** `/sign_in/` and `/sign_in` are the same page. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
