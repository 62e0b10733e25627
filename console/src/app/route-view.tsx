// Renders the screen for the address bar's path. After an in-app navigation, focus moves to the
// main area so keyboard and screen-reader users start at the new screen, not in the old header.
import { useEffect, useRef } from 'react';
import { usePathname } from '../lib/router';
import { mainContentId } from './frame/app-frame';
import { screenFor } from './routes';

export function RouteView() {
  const pathname = usePathname();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById(mainContentId)?.focus();
    window.scrollTo(0, 0);
  }, [pathname]);
  return screenFor(pathname);
}
