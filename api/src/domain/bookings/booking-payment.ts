// How a booking is paid: the channel's form of payment as the airline takes it, and for a company
// balance the ledger postings (tickets plus the agency's fee, one posting, made by the issue's
// claim; back when voided or refunded; an exchange's difference and penalty, and EMDs of services
// added after issue, each given back when the airline refuses them). A balance in another currency than the fare is moved at
// the rate of the booking's issue, every time, so a credit gives back exactly what its debit took.
import {
  cardOf,
  feeOf,
  type BalanceCurrencyRow,
  type BookingRow,
  type FeeKind,
  type FeeRow,
} from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import type { Payment } from '../../providers/airline-provider.js';
import { isCardBrand } from '../../providers/card-brands.js';
import { postLast, type LedgerPosting } from '../balances/ledger.js';
import type { FormOfPayment } from '../channels/channel-state.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, notFound } from '../errors.js';
import { convertMinor, missingRate } from '../exchange-rates.js';
import { fromMinor, toMinor } from '../../money.js';

/** The agency's fee for one transaction, in the booking's (fare's) currency. */
export interface AgencyFee {
  minor: number;
  /** Set in another currency than the fare: the fee as the agency set it, and the rate it was converted at. */
  original: { amount: string; currency: string; rate: string } | null;
}

/**
 * The agency's fee of a kind in the booking's currency. A fee set in another currency is converted
 * at the exchange rate in effect `at` (the rates admins keep), so the balance, the sales documents
 * and every later give-back count it in the fare's currency; with no rate known for the pair it is
 * refused (`exchange_rate_missing`, naming the pair) before anything changes.
 */
export async function agencyFee(db: Db, booking: BookingRow, kind: FeeKind, at: Date): Promise<AgencyFee> {
  return agencyFeeOf(booking, await feeOf(db, booking.agency_id, kind, booking.currency.trim(), at));
}

/** agencyFee from the fee as read (with its rate to the fare's currency), read beside the booking on issue. */
export function agencyFeeOf(booking: BookingRow, fee: FeeRow | null | undefined): AgencyFee {
  if (!fee || toMinor(fee.amount) === 0) return { minor: 0, original: null };
  const feeCurrency = fee.currency.trim();
  const fareCurrency = booking.currency.trim();
  if (feeCurrency === fareCurrency) return { minor: toMinor(fee.amount), original: null };
  if (!fee.rate) throw missingRate(feeCurrency, fareCurrency);
  return {
    minor: convertMinor(toMinor(fee.amount), fee.rate),
    original: { amount: fromMinor(toMinor(fee.amount)), currency: feeCurrency, rate: fee.rate },
  };
}

/** `agencyFee`'s amount alone, in minor units of the booking's currency. */
export async function agencyFeeMinor(db: Db, booking: BookingRow, kind: FeeKind, at: Date): Promise<number> {
  return (await agencyFee(db, booking, kind, at)).minor;
}

/**
 * The company balance that pays a booking and, when it is kept in another currency than the fare,
 * the rate in effect (refused, naming the pair, when none is known), from the company as read
 * beside the booking. Kept on the booking at issue: everything the booking later moves on the
 * balance moves at this rate.
 */
export function balanceConversion(
  booking: BookingRow,
  company: BalanceCurrencyRow | null,
): Pick<BookingRow, 'balance_currency' | 'balance_rate'> {
  if (!booking.company_id) throw new DomainError('no_company_balance');
  if (!company) throw notFound('company');
  const balanceCurrency = company.balance_currency.trim();
  const fareCurrency = booking.currency.trim();
  if (balanceCurrency === fareCurrency) return { balance_currency: balanceCurrency, balance_rate: null };
  if (!company.rate) throw missingRate(fareCurrency, balanceCurrency);
  return { balance_currency: balanceCurrency, balance_rate: company.rate };
}

export async function airlinePayment(
  db: Db,
  cards: SecretBox,
  form: FormOfPayment,
  cardId: string | null,
  amount: { amount: string; currency: string },
): Promise<Payment> {
  if (form === 'bsp_cash') return { form: { type: 'cash' }, amount };
  // A company balance pays the airline through the agency's account with it.
  if (form === 'company_balance') return { form: { type: 'agency_balance' }, amount };
  const card = cardId ? await cardOf(db, cardId) : undefined;
  if (!card) throw new DomainError('credit_card_required');
  // Brands are checked when a card is added; one stored otherwise cannot be named to the airline.
  if (!isCardBrand(card.brand))
    throw new DomainError('card_number_invalid', `The channel's card is of a brand airlines do not take.`);
  const expiry = `${String(card.exp_month).padStart(2, '0')}${String(card.exp_year % 100).padStart(2, '0')}`;
  return {
    form: { type: 'card', brand: card.brand, number: cards.open(card.number_ciphertext), expiry },
    amount,
  };
}

/**
 * The posting that debits the tickets and the issue fee from the company balance (null when it
 * moves nothing), made by the issue's claim. A fee the agency set in another currency keeps, on its
 * ledger entry, what it was set at and its rate.
 */
export function issueDebit(
  booking: BookingRow,
  input: {
    airlineMinor: number;
    feeMinor: number;
    feeOriginal?: AgencyFee['original'];
    actorAccountId: string;
    at: Date;
  },
): LedgerPosting | null {
  if (!booking.company_id) throw new DomainError('no_company_balance');
  return postingOf(booking, input, [
    [-input.airlineMinor, `Tickets ${booking.locator}`],
    [-input.feeMinor, `Issue fee ${booking.locator}`, input.feeOriginal ?? undefined],
  ]);
}

/** Gives back what an issue debited, when the airline did not ticket after all. */
export async function refundFailedIssue(
  trx: Db,
  booking: BookingRow,
  input: { debitedMinor: number; actorAccountId: string; at: Date },
): Promise<void> {
  await giveBack(trx, booking, { ...input, reason: `Issue not completed ${booking.locator}` });
}

/** Gives back what a debit took (an issue or exchange the airline did not carry out). */
export async function giveBack(
  trx: Db,
  booking: BookingRow,
  input: { debitedMinor: number; reason: string; actorAccountId: string; at: Date },
): Promise<void> {
  await post(trx, booking, input, [[input.debitedMinor, input.reason]]);
}

/** A confirmed refund credits what the airline refunds and takes the agency's refund fee. */
export async function creditForRefund(
  trx: Db,
  booking: BookingRow,
  input: { refundMinor: number; feeMinor: number; actorAccountId: string; at: Date },
): Promise<void> {
  await post(trx, booking, input, [
    [input.refundMinor, `Refund ${booking.locator}`],
    [-input.feeMinor, `Refund fee ${booking.locator}`],
  ]);
}

/**
 * Debits what an exchange costs (the airline's amount due and the agency's exchange fee), in the
 * transaction that claims it; answers the sum debited (0 when nothing is due).
 */
export async function debitForExchange(
  trx: Db,
  booking: BookingRow,
  input: { dueMinor: number; feeMinor: number; actorAccountId: string; at: Date },
): Promise<number> {
  if (!booking.company_id) throw new DomainError('no_company_balance');
  const dueMinor = Math.max(0, input.dueMinor);
  await post(trx, booking, input, [
    [-dueMinor, `Exchange ${booking.locator}`],
    [-input.feeMinor, `Exchange fee ${booking.locator}`],
  ]);
  return dueMinor + input.feeMinor;
}

/**
 * A void gives the tickets' price back to the balance (and what it paid for EMDs after issue: the
 * airline voids them with the tickets) and takes the agency's void fee.
 */
export async function creditForVoid(
  trx: Db,
  booking: BookingRow,
  input: { airlineMinor: number; emdMinor?: number; feeMinor: number; actorAccountId: string; at: Date },
): Promise<void> {
  await post(trx, booking, input, [
    [input.airlineMinor, `Void ${booking.locator}`],
    [input.emdMinor ?? 0, `Void EMDs ${booking.locator}`],
    [-input.feeMinor, `Void fee ${booking.locator}`],
  ]);
}

/** What debitForEmds takes: the EMDs and the agency's EMD fee. */
export const emdDebit = (input: { amountMinor: number; feeMinor: number }) =>
  fromMinor(input.amountMinor + input.feeMinor);

/**
 * Debits EMDs (and the agency's EMD fee, emdDebit in all) from the company balance, as the last
 * statement of the caller's transaction.
 */
export async function debitForEmds(
  trx: Db,
  booking: BookingRow,
  input: { amountMinor: number; feeMinor: number; actorAccountId: string; at: Date },
): Promise<void> {
  if (!booking.company_id) throw new DomainError('no_company_balance');
  await post(trx, booking, input, [
    [-input.amountMinor, `EMDs ${booking.locator}`],
    [-input.feeMinor, `EMD fee ${booking.locator}`],
  ]);
}

/** Gives back what an EMD request debited, when the airline refused the services. */
export async function refundRefusedEmds(
  trx: Db,
  booking: BookingRow,
  input: { debit: string | null; actorAccountId: string; at: Date },
): Promise<void> {
  await giveBack(trx, booking, {
    debitedMinor: input.debit ? toMinor(input.debit) : 0,
    reason: `EMDs refused ${booking.locator}`,
    actorAccountId: input.actorAccountId,
    at: input.at,
  });
}

/**
 * Posts a booking's entries (postingOf) through the ledger, in the caller's transaction and as its
 * last statement (postLast), so the company row is held only until COMMIT.
 */
async function post(
  trx: Db,
  booking: BookingRow,
  by: { actorAccountId: string; at: Date },
  entries: readonly PostingEntry[],
): Promise<void> {
  const posting = postingOf(booking, by, entries);
  if (posting) await postLast(trx, posting);
}

type PostingEntry = readonly [minor: number, reason: string, feeOriginal?: AgencyFee['original'] | undefined];

/**
 * A booking's entries (minor units of the fare's currency, signed as the balance moves; zero ones
 * left out) as a posting to its company's balance; null when there is nothing to post. A booking
 * without a company has no balance to move. Paid from a balance in another currency, the entries
 * are converted at the booking's rate of issue by their running total (each line is the converted
 * running total less the one before), so a posting moves exactly the converted sum and giving back
 * that sum later returns to the cent what was taken.
 */
function postingOf(
  booking: BookingRow,
  by: { actorAccountId: string; at: Date },
  entries: readonly PostingEntry[],
): LedgerPosting | null {
  const fareCurrency = booking.currency.trim();
  const rate = booking.balance_rate;
  let runningMinor = 0;
  const lines = entries
    .filter(([minor]) => minor !== 0)
    .map(([minor, reason, feeOriginal]) => {
      if (!rate) {
        // A fee set in another currency than the fare (and balance): the entry keeps what it was
        // set at and its rate, as a converted fare keeps its own.
        if (!feeOriginal) return { amount: fromMinor(minor), reason };
        const sign = minor < 0 ? '-' : '';
        return { amount: fromMinor(minor), reason, original: { ...feeOriginal, amount: sign + feeOriginal.amount } };
      }
      const before = convertMinor(runningMinor, rate);
      runningMinor += minor;
      return {
        amount: fromMinor(convertMinor(runningMinor, rate) - before),
        reason,
        original: { amount: fromMinor(minor), currency: fareCurrency, rate },
      };
    });
  if (!booking.company_id || lines.length === 0) return null;
  return {
    companyId: booking.company_id,
    currency: rate ? booking.balance_currency!.trim() : fareCurrency,
    entries: lines,
    actorAccountId: by.actorAccountId,
    at: by.at,
    kind: 'booking',
    bookingId: booking.id,
    // A test booking's payment is heard in test mode, where its developer listens.
    liveMode: !booking.fake_booking,
  };
}
