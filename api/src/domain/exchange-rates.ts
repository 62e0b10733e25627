// Converting money between currencies at the exchange rates admins keep (exchange_rates, dated):
// the one source of rates. Issuing from a company balance in another currency than the fare
// converts at the pair's rate in effect; a search ranks fares of several currencies in EUR, and a
// fixed markup in another currency is converted, at the same table's rates.
import { ratesInEffect } from '../db/exchange-rates.repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from './errors.js';

const scale = 100_000_000n;

/**
 * Minor units of one currency in another at `rate`, rounded half away from zero so a credit
 * converts to exactly the negative of the same debit (money is never made or lost by a sign).
 */
export function convertMinor(minor: number, rate: string): number {
  const [whole, fraction = ''] = rate.split('.');
  const scaled = BigInt(whole!) * scale + BigInt(fraction.padEnd(8, '0').slice(0, 8));
  const product = BigInt(Math.abs(minor)) * scaled;
  const rounded = (product + scale / 2n) / scale;
  return Number(minor < 0 ? -rounded : rounded);
}

export const missingRate = (from: string, to: string) =>
  new DomainError('exchange_rate_missing', `No exchange rate from ${from} to ${to} is known.`);

/** Every rate in effect at one moment, read once for work that converts many amounts (a search). */
export interface RateBook {
  /** Minor units converted; refused naming the pair when no rate is known. */
  convertMinor(minor: number, from: string, to: string): number;
  /** EUR minor units, or null when the amount is in EUR already or no EUR rate is known. */
  eurMinor(minor: number, currency: string): number | null;
  /** For ranking only: EUR minor units, or the amount as it is when the currency has no EUR rate. */
  rankingEurMinor(minor: number, currency: string): number;
}

export function rateBookOf(
  rates: readonly { base_currency: string; quote_currency: string; rate: string }[],
): RateBook {
  const byPair = new Map(rates.map((r) => [`${r.base_currency}${r.quote_currency}`, r.rate]));
  const eurMinor = (minor: number, currency: string): number | null => {
    const rate = currency === 'EUR' ? undefined : byPair.get(`${currency}EUR`);
    return rate ? convertMinor(minor, rate) : null;
  };
  return {
    convertMinor(minor, from, to) {
      if (from === to) return minor;
      const rate = byPair.get(`${from}${to}`);
      if (!rate) throw missingRate(from, to);
      return convertMinor(minor, rate);
    },
    eurMinor,
    rankingEurMinor: (minor, currency) => eurMinor(minor, currency) ?? minor,
  };
}

export async function rateBookAt(db: Db, at: Date): Promise<RateBook> {
  return rateBookOf(await ratesInEffect(db, at));
}
