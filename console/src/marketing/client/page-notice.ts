// The back office signs out to `/?message=…&type=success` (product spec §2: a notice from the page
// address when both parameters are present); signed out, `/` is this page, so it shows the notice.
export function setupPageNotice(): void {
  const params = new URLSearchParams(window.location.search);
  const message = params.get('message');
  const type = params.get('type');
  if (!message || (type !== 'success' && type !== 'error')) return;
  const notice = document.createElement('p');
  notice.className = `page-notice ${type}`;
  notice.setAttribute('role', type === 'error' ? 'alert' : 'status');
  notice.textContent = message;
  document.getElementById('main')?.prepend(notice);
  // Reloading or sharing the address must not repeat it.
  window.history.replaceState(null, '', window.location.pathname + window.location.hash);
}
