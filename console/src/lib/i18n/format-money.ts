// Money as the interface language writes it ("€1,234.50" / "1 234,50 €"). The amount stays a
// decimal string on the wire; only display turns it into a number.
import { toIntlLocale, type Language } from './languages';

// A formatter is costly to make and is asked for once per price on a list of offers: one per
// language, currency and style, kept (as format-date.ts keeps its own).
const formats = new Map<string, Intl.NumberFormat>();
function format(language: Language, currency: string, short: boolean): Intl.NumberFormat {
  const key = `${language}:${currency}:${short}`;
  let known = formats.get(key);
  if (!known) {
    const options: Intl.NumberFormatOptions = short
      ? {
          style: 'currency',
          currency,
          currencyDisplay: 'narrowSymbol',
          maximumFractionDigits: 0,
          minimumFractionDigits: 0,
        }
      : { style: 'currency', currency };
    formats.set(key, (known = new Intl.NumberFormat(toIntlLocale(language), options)));
  }
  return known;
}

export function formatMoney(money: { amount: string; currency: string }, language: Language): string {
  const amount = Number(money.amount);
  // Not a number we can format: shown as it came, rather than as "NaN".
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  return format(language, money.currency, false).format(amount);
}

/** Whole units with the currency's narrow symbol ("€45", "45 zł"), for a price in a small space: a seat of a map. */
export function formatMoneyShort(money: { amount: string; currency: string }, language: Language): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  return format(language, money.currency, true).format(Math.round(amount));
}
