// Money as the interface language writes it ("€1,234.50" / "1 234,50 €"). The amount stays a
// decimal string on the wire; only display turns it into a number.
import { toIntlLocale, type Language } from './languages';

export function formatMoney(money: { amount: string; currency: string }, language: Language): string {
  const amount = Number(money.amount);
  // Not a number we can format: shown as it came, rather than as "NaN".
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  return new Intl.NumberFormat(toIntlLocale(language), { style: 'currency', currency: money.currency }).format(amount);
}

/** Whole units with the currency's narrow symbol ("€45", "45 zł"), for a price in a small space: a seat of a map. */
export function formatMoneyShort(money: { amount: string; currency: string }, language: Language): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  return new Intl.NumberFormat(toIntlLocale(language), {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.round(amount));
}
