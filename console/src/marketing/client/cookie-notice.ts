// The cookie notice shows until the visitor chooses; the choice is remembered in this browser.
import { consentEvent, consentKey } from '../../lib/product-analytics/product-analytics';

export { consentKey };

function stored(): string | null {
  try {
    return localStorage.getItem(consentKey);
  } catch {
    return null;
  }
}

export function setupCookieNotice(): void {
  const notice = document.getElementById('cookie-notice');
  if (!notice || stored()) return;
  notice.hidden = false;
  notice.addEventListener('click', (event) => {
    const choice = (event.target as HTMLElement).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (!choice) return;
    try {
      localStorage.setItem(consentKey, choice);
    } catch {
      // Storage may be off (private mode); the notice then simply closes for this page view.
    }
    notice.hidden = true;
    window.dispatchEvent(new Event(consentEvent));
  });
}
