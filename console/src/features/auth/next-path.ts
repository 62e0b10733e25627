// Where to go after signing in: the page that sent the visitor to sign in (`?next=/settings`), if it
// is a page of this console; never another site (`//evil.test`, `https://…`) nor sign-in itself.
export function nextPathFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/sign_in' || next.startsWith('/sign_in?') || next.startsWith('/sign_in/')) return '/';
  return next;
}
