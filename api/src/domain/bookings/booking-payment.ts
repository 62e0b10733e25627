// How a booking is paid: the channel's form of payment as the airline takes it, and for a company
// balance the ledger postings (tickets plus the agency's fee, one transaction; back when voided).
import { cardOf, feeOf, type BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import type { Payment } from '../../providers/airline-provider.js';
import { postToLedger } from '../back-office/ledger.js';
import type { FormOfPayment } from '../channels/channel-state.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError } from '../errors.js';
import { fromMinor, toMinor } from '../money.js';

/** The agency's fee of a kind in the booking's currency; a fee set in another currency cannot apply. */
export async function agencyFeeMinor(db: Db, booking: BookingRow, kind: 'issue' | 'void'): Promise<number> {
  const fee = await feeOf(db, booking.agency_id, kind);
  if (!fee || toMinor(fee.amount) === 0) return 0;
  if (fee.currency.trim() !== booking.currency.trim())
    throw new DomainError(
      'currency_mismatch',
      `The agency's ${kind} fee is in ${fee.currency.trim()} and the booking in ${booking.currency.trim()}.`,
    );
  return toMinor(fee.amount);
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
  const expiry = `${String(card.exp_month).padStart(2, '0')}${String(card.exp_year % 100).padStart(2, '0')}`;
  return {
    form: { type: 'card', brand: card.brand, number: cards.open(card.number_ciphertext), expiry },
    amount,
  };
}

/** Debits the tickets and the issue fee from the company balance, in the caller's transaction. */
export async function debitForIssue(
  trx: Db,
  booking: BookingRow,
  input: { airlineMinor: number; feeMinor: number; actorAccountId: string; at: Date },
): Promise<string> {
  if (!booking.company_id) throw new DomainError('no_company_balance');
  const entries = [{ amount: fromMinor(-input.airlineMinor), reason: `Tickets ${booking.locator}` }];
  if (input.feeMinor > 0) entries.push({ amount: fromMinor(-input.feeMinor), reason: `Issue fee ${booking.locator}` });
  await postToLedger(trx, {
    companyId: booking.company_id,
    currency: booking.currency.trim(),
    entries,
    actorAccountId: input.actorAccountId,
    at: input.at,
  });
  return fromMinor(input.airlineMinor + input.feeMinor);
}

/** Gives back what an issue debited, when the airline did not ticket after all. */
export async function refundFailedIssue(
  trx: Db,
  booking: BookingRow,
  input: { debitedMinor: number; actorAccountId: string; at: Date },
): Promise<void> {
  if (!booking.company_id || input.debitedMinor === 0) return;
  await postToLedger(trx, {
    companyId: booking.company_id,
    currency: booking.currency.trim(),
    entries: [{ amount: fromMinor(input.debitedMinor), reason: `Issue not completed ${booking.locator}` }],
    actorAccountId: input.actorAccountId,
    at: input.at,
  });
}

/** A void gives the tickets' price back to the balance and takes the agency's void fee. */
export async function creditForVoid(
  trx: Db,
  booking: BookingRow,
  input: { airlineMinor: number; feeMinor: number; actorAccountId: string; at: Date },
): Promise<void> {
  if (!booking.company_id) return;
  const entries = [{ amount: fromMinor(input.airlineMinor), reason: `Void ${booking.locator}` }];
  if (input.feeMinor > 0) entries.push({ amount: fromMinor(-input.feeMinor), reason: `Void fee ${booking.locator}` });
  await postToLedger(trx, {
    companyId: booking.company_id,
    currency: booking.currency.trim(),
    entries,
    actorAccountId: input.actorAccountId,
    at: input.at,
  });
}
