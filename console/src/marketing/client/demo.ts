// The try-it-yourself demo in three steps: type a GDS fare calculation entry -> see the GDS price
// against ours -> the prompt to book and fix the price; or try another itinerary.
import { ApiError, quoteDemoFare, type DemoFareQuote } from '@contrail/sdk';
import { formatMoney } from './format';

interface Labels {
  gdsPrice: string;
  ourPrice: string;
  saving: string;
  detail: string;
  failed: string;
}

export function setupDemo(): void {
  const app = document.getElementById('demo-app');
  const form = document.getElementById('demo-form') as HTMLFormElement | null;
  const input = document.getElementById('demo-entry') as HTMLInputElement | null;
  const error = document.getElementById('demo-error');
  const result = document.getElementById('demo-result');
  const prompt = document.getElementById('demo-prompt');
  if (!app || !form || !input || !error || !result || !prompt) return;
  const labels = JSON.parse(app.dataset.labels ?? '{}') as Labels;
  const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement;

  const show = (step: HTMLElement) => {
    for (const s of [form, result, prompt]) s.hidden = s !== step;
    (step === form ? input : step).focus();
  };
  const fail = (text: string) => {
    error.textContent = text;
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    submit.disabled = true;
    quoteDemoFare({ entry: input.value })
      .then((quote) => {
        render(quote, labels);
        show(result);
      })
      .catch((e: unknown) => fail(e instanceof ApiError ? e.message : labels.failed))
      .finally(() => {
        submit.disabled = false;
      });
  });
  document.getElementById('demo-book')?.addEventListener('click', () => show(prompt));
  for (const again of app.querySelectorAll('[data-demo-again]')) {
    again.addEventListener('click', () => {
      input.select();
      show(form);
    });
  }
}

function render(quote: DemoFareQuote, labels: Labels): void {
  const set = (id: string, text: string) => {
    const el = document.getElementById(id);
    if (el) el.textContent = text;
  };
  set('demo-gds', formatMoney(quote.gds_price.amount, quote.gds_price.currency));
  set('demo-ours', formatMoney(quote.our_price.amount, quote.our_price.currency));
  set('demo-saving', formatMoney(quote.saving.amount, quote.saving.currency));
  // A GDS price no higher than ours is no saving, said in words: never "You save −PLN 30.49".
  const saves = Number(quote.saving.amount) > 0;
  const row = document.getElementById('demo-saving-row');
  const none = document.getElementById('demo-no-saving');
  if (row) row.hidden = !saves;
  if (none) none.hidden = saves;
  set(
    'demo-detail',
    labels.detail
      .replace('{flights}', quote.flights.join(', '))
      .replace('{fare}', formatMoney(quote.gds_fare.amount, quote.gds_fare.currency))
      .replace('{surcharge}', formatMoney(quote.gds_surcharge.amount, quote.gds_surcharge.currency))
      .replace('{roe}', quote.roe),
  );
}
