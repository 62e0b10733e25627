// Savings calculator: tickets sold per month -> yearly GDS surcharges saved, from the same table
// the API's fare demo uses (@contrail/gds-surcharges).
import { gdsSurcharges, yearlySavings, yearlySavingsAcrossCarriers } from '@contrail/gds-surcharges';
import { formatMoney } from './format';

export function setupCalculator(): void {
  const form = document.getElementById('calc');
  const tickets = document.getElementById('calc-tickets') as HTMLInputElement | null;
  const carrier = document.getElementById('calc-carrier') as HTMLSelectElement | null;
  const output = document.getElementById('calc-result');
  if (!form || !tickets || !carrier || !output) return;
  const template = form.dataset.result ?? '{amount}';

  const update = () => {
    const count = Math.max(0, Math.floor(Number(tickets.value) || 0));
    const amount = carrier.value ? yearlySavings(count, carrier.value) : yearlySavingsAcrossCarriers(count);
    output.textContent = template.replace('{amount}', formatMoney(amount, 'EUR'));
    for (const s of gdsSurcharges) {
      const cell = document.querySelector(`[data-yearly="${s.carrier}"]`);
      if (cell) cell.textContent = formatMoney(yearlySavings(count, s.carrier), 'EUR');
    }
  };
  form.addEventListener('submit', (event) => event.preventDefault());
  tickets.addEventListener('input', update);
  carrier.addEventListener('change', update);
  update();
}
