// Props that make any anchor-like component (Mantine Anchor, Button component="a") an in-app link:
// a real href for middle-click, copy and screen readers; a history navigation for a plain click.
import type { MouseEvent } from 'react';
import { navigate } from './history';

export interface InAppLinkProps {
  href: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

export function linkProps(to: string): InAppLinkProps {
  return {
    href: to,
    onClick(event) {
      const opensElsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      if (opensElsewhere || event.defaultPrevented) return;
      event.preventDefault();
      navigate(to);
    },
  };
}

/** In-app paths start with one slash; anything else (`https://…`, `//host`, `mailto:`) leaves the console. */
export function isInAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}
