// What the company balance pays for a booking's tickets, shown before issue (so an agent sees the
// debit in the balance's own currency before confirming) and after it (what the issue took).
import { findBookingForTicketing, type BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { convertMinor } from '../exchange-rates.js';
import { DomainError } from '../errors.js';
import { fromMinor, toMinor } from '../../money.js';
import type { BalancePayment, BookingStatus } from './booking.js';
import { agencyFeeOf, type AgencyFee } from './booking-payment.js';

export async function balancePaymentOf(
  db: Db,
  row: BookingRow,
  status: BookingStatus,
  at: Date,
): Promise<BalancePayment | null> {
  const fareCurrency = row.currency.trim();
  // Issued (or being issued) from the balance: what it took, at the rate of the issue.
  if (row.balance_debit !== null && row.balance_currency) {
    const fareMinor = toMinor(row.balance_debit);
    const rate = row.balance_rate;
    const balanceCurrency = row.balance_currency.trim();
    return {
      fare_amount: { amount: fromMinor(fareMinor), currency: fareCurrency },
      balance_currency: balanceCurrency,
      amount: { amount: fromMinor(rate ? convertMinor(fareMinor, rate) : fareMinor), currency: balanceCurrency },
      exchange_rate: rate,
    };
  }
  if (status !== 'new' || !row.company_id) return null;
  // The facts the issue would decide by, from the issue's own read: the path, the fee and the
  // balance's currency, each with its rate in effect now.
  const read = await findBookingForTicketing(db, row.locator, null, at);
  if (read?.path?.form_of_payment !== 'company_balance' || !read.balance) return null;
  let fee: AgencyFee;
  try {
    fee = agencyFeeOf(row, read.issueFee);
  } catch (error) {
    // The issue itself will say why the fee cannot apply (no rate for its pair); the view just has
    // no amount to show.
    if (error instanceof DomainError) return null;
    throw error;
  }
  const feeMinor = fee.minor;
  // A fee set in another currency: what it was set at, and what it comes to in the fare's currency.
  const agency_fee = fee.original
    ? {
        amount: { amount: fee.original.amount, currency: fee.original.currency },
        fare_amount: { amount: fromMinor(fee.minor), currency: fareCurrency },
        exchange_rate: fee.original.rate,
      }
    : undefined;
  const fareMinor = toMinor(row.airline_total) + feeMinor;
  const balanceCurrency = read.balance.balance_currency.trim();
  const fare_amount = { amount: fromMinor(fareMinor), currency: fareCurrency };
  if (balanceCurrency === fareCurrency)
    return { fare_amount, balance_currency: balanceCurrency, amount: fare_amount, exchange_rate: null, agency_fee };
  const rate = read.balance.rate;
  return {
    fare_amount,
    balance_currency: balanceCurrency,
    amount: rate ? { amount: fromMinor(convertMinor(fareMinor, rate)), currency: balanceCurrency } : null,
    exchange_rate: rate,
    agency_fee,
  };
}
