// The ground floor: this file imports nothing, and every layer may import it (providers, db, domain,
// http), since an airline's fare is the same Money as a booking's. It sits beside config.ts at the
// root of api/src, not in domain/, so the AirlineProvider port can price in it without reaching up.
//
// Money on the wire and in the domain is a decimal string with its currency (DESIGN §3); sums are
// done in integer minor units so no float ever rounds a fare. Every currency here has two decimals.
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

export function toMinor(amount: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -minor : minor;
}

export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const money = (minor: number, currency: string): Money => ({ amount: fromMinor(minor), currency });

export function sumMoney(items: readonly Money[], currency: string): Money {
  let minor = 0;
  for (const item of items) {
    if (item.currency !== currency) throw new Error(`Cannot add ${item.currency} to ${currency}`);
    minor += toMinor(item.amount);
  }
  return money(minor, currency);
}

/** A percentage of an amount, rounded half away from zero to the minor unit. */
export function percentOf(minor: number, percent: number): number {
  return Math.sign(minor) * Math.round((Math.abs(minor) * percent) / 100);
}
