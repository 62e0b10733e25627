// The airlines page's one-field demo request: the email goes to the sales team, who answer within
// the day.
import { createDemoRequest, ApiError, type MarketingLocale } from '@contrail/sdk';

export function setupDemoRequest(): void {
  const form = document.getElementById('demo-request') as HTMLFormElement | null;
  const email = document.getElementById('demo-request-email') as HTMLInputElement | null;
  const status = document.getElementById('demo-request-status');
  if (!form || !email || !status) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!email.checkValidity()) {
      email.setAttribute('aria-invalid', 'true');
      status.textContent = email.validationMessage;
      return;
    }
    email.removeAttribute('aria-invalid');
    createDemoRequest({ email: email.value.trim(), language: form.dataset.language as MarketingLocale })
      .then(() => {
        form.querySelector('.row')?.setAttribute('hidden', '');
        status.textContent = form.dataset.success ?? '';
      })
      .catch((e: unknown) => {
        status.textContent = e instanceof ApiError ? e.message : (form.dataset.failure ?? '');
      });
  });
}
