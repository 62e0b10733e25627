// The console reaches the API only through the SDK, configured once here (DESIGN §3): same-origin
// cookies, a CSRF header on every call, and PUT/PATCH/DELETE sent as POST with a method override.
import { configure } from '@contrail/sdk';

const csrfName = 'contrail_csrf';

/** The CSRF token the API gave this page: a `<meta name="contrail_csrf">`, else a readable cookie. */
export function readCsrfToken(doc: Document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${csrfName}"]`)?.content;
  if (meta) return meta;
  for (const pair of doc.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === csrfName) return decodeURIComponent(value.join('=')) || undefined;
  }
  return undefined;
}

export function configureSdk(doc: Document): void {
  configure({
    // Error texts in the interface's language (the API picks it from Accept-Language): <html lang>
    // follows the language chosen in the header.
    language: () => doc.documentElement.lang || undefined,
    baseUrl: '/api/v1',
    methodOverride: true,
    credentials: 'same-origin',
    // Read on every call: the token can be rotated (sign-in) without reloading the page.
    csrfToken: () => readCsrfToken(doc),
  });
}
