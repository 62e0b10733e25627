// Indicative rates to EUR. Airlines file fares in their own currencies (LX in CHF, BA in GBP, LO in
// PLN); a mixed result is sorted and price-filtered in EUR at these rates, while every price is
// still shown and sold in the airline's currency. A rates feed would replace this table.
const eurPerUnit: Readonly<Record<string, number>> = {
  EUR: 1,
  CHF: 1.06,
  GBP: 1.18,
  PLN: 0.23,
  USD: 0.92,
  UAH: 0.022,
};

/** Converts minor units of `currency` to EUR minor units, rounded to the cent. */
export function toEurMinor(minor: number, currency: string): number {
  const rate = eurPerUnit[currency];
  if (rate === undefined) throw new Error(`No indicative EUR rate for ${currency}`);
  return Math.round(minor * rate);
}

export function fromEurMinor(eurMinor: number, currency: string): number {
  const rate = eurPerUnit[currency];
  if (rate === undefined) throw new Error(`No indicative EUR rate for ${currency}`);
  return Math.round(eurMinor / rate);
}
