// Product spec §9: "The API token is read from a cookie." Creating a token also sets a short-lived
// readable `contrail_api_token` cookie; the console reads the new token from it once and deletes
// it at once, so the plain token does not linger in the browser.
export const apiTokenCookie = 'contrail_api_token';

export function takeApiTokenCookie(doc: Pick<Document, 'cookie'>): string | undefined {
  let token: string | undefined;
  for (const pair of doc.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === apiTokenCookie) token = decodeURIComponent(value.join('=')) || undefined;
  }
  // The API sets it for Path=/; a cookie is only removed with its own path.
  if (token !== undefined) doc.cookie = `${apiTokenCookie}=; Max-Age=0; Path=/; SameSite=Strict`;
  return token;
}
