import { describe, expect, it } from 'vitest';
import { takeNotificationFromUrl } from './notification-from-url';

function addressBar(href: string) {
  const history = {
    state: { kept: true } as unknown,
    href,
    replaceState(state: unknown, _unused: string, url?: string | URL | null) {
      this.state = state;
      this.href = new URL(String(url), this.href).href;
    },
  };
  return history;
}

describe('takeNotificationFromUrl (product spec §2)', () => {
  it('shows a notice when both message and type are present, then removes only those two', () => {
    const bar = addressBar('http://console.test/bookings?locator=ABC123&message=Saved&type=success#top');
    expect(takeNotificationFromUrl(bar, bar)).toEqual({ text: 'Saved', type: 'success' });
    expect(bar.href).toBe('http://console.test/bookings?locator=ABC123#top');
    expect(bar.state).toEqual({ kept: true });
  });

  it('reads an error notice with spaces and non-Latin text', () => {
    const bar = addressBar('http://console.test/?message=%D0%9F%D0%BE%D0%BC%D0%B8%D0%BB%D0%BA%D0%B0+here&type=error');
    expect(takeNotificationFromUrl(bar, bar)).toEqual({ text: 'Помилка here', type: 'error' });
    expect(bar.href).toBe('http://console.test/');
  });

  it('does nothing when one of the two is missing', () => {
    for (const href of ['http://console.test/?message=Saved', 'http://console.test/?type=success']) {
      const bar = addressBar(href);
      expect(takeNotificationFromUrl(bar, bar)).toBeNull();
      expect(bar.href).toBe(href);
    }
  });

  it('ignores a type other than success or error, but still clears the address', () => {
    const bar = addressBar('http://console.test/?message=Hello&type=info');
    expect(takeNotificationFromUrl(bar, bar)).toBeNull();
    expect(bar.href).toBe('http://console.test/');
  });
});
