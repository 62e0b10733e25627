// Agency credit cards. The number is Luhn-checked, sealed with AES-256-GCM under the card-number
// key and never read back by the back office; only brand, last four, expiry and holder are shown.
// The CVV is accepted for the check a payment form makes and dropped at once: never stored or logged.
import { findAgencyFacts } from '../../db/agencies.repository.js';
import type { Db } from '../../db/database.js';
import * as repo from '../../db/ticketing.repository.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { cardBrand, normaliseCardNumber, passesLuhn } from './card-number.js';
import { agencyFilter, mustReach } from './scope.js';

type Page = { page: number; perPage: number };
export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  cvv?: string;
}

export function cardView(r: repo.CardRow) {
  return {
    id: r.id,
    agency_id: r.agency_id,
    brand: r.brand,
    last4: r.last4,
    exp_month: r.exp_month,
    exp_year: r.exp_year,
    holder: r.holder,
    created_at: r.created_at.toISOString(),
  };
}

export function createCreditCardsService(deps: { db: Db; clock: Clock; audit: RecordChange; box: SecretBox }) {
  const { db, clock, audit, box } = deps;

  function checkExpiry(month: number, year: number) {
    const now = clock.now();
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
      throw new DomainError('card_expired');
  }

  async function found(trx: Db, principal: Principal, id: string) {
    const row = (await repo.findCards(trx, { id })).rows[0];
    if (!row) throw notFound('credit card');
    mustReach(principal, row.agency_id, 'credit card');
    return row;
  }

  /** Seals and stores a new card of an agency inside the caller's transaction. */
  async function add(trx: Db, principal: Principal, agencyId: string, input: CardInput) {
    const digits = normaliseCardNumber(input.number);
    // The detail never repeats the number: error bodies and logs must not carry it.
    if (!passesLuhn(digits))
      throw new DomainError('card_number_invalid', 'The card number fails the check digit.', { pointer: '/number' });
    const brand = cardBrand(digits);
    // A card of a brand no airline takes could never pay for a ticket.
    if (!brand)
      throw new DomainError('card_number_invalid', 'Airlines do not take cards of this brand.', { pointer: '/number' });
    checkExpiry(input.exp_month, input.exp_year);
    const id = newId('crd');
    await repo.insertCard(trx, {
      id,
      agency_id: agencyId,
      brand,
      last4: digits.slice(-4),
      exp_month: input.exp_month,
      exp_year: input.exp_year,
      holder: input.holder,
      number_ciphertext: box.seal(digits),
      created_at: clock.now(),
    });
    const after = cardView((await repo.findCards(trx, { id })).rows[0]!);
    await audit(trx, principal, {
      action: 'createCreditCard',
      entityType: 'credit_card',
      entityId: id,
      agencyId,
      before: null,
      after,
    });
    return after;
  }

  return {
    add,
    async list(principal: Principal, agencyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findCards(db, { agencyId: agencyFilter(principal, agencyId) }, page);
      return { items: rows.map(cardView), total };
    },
    get: async (principal: Principal, id: string) => cardView(await found(db, principal, id)),
    async create(principal: Principal, input: CardInput & { agency_id: string }) {
      return db.transaction().execute(async (trx) => {
        const agency = await findAgencyFacts(trx, input.agency_id);
        if (!agency) throw notFound('partner');
        return add(trx, principal, agency.id, input);
      });
    },
    async update(principal: Principal, id: string, input: { exp_month?: number; exp_year?: number; holder?: string }) {
      return db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        checkExpiry(input.exp_month ?? row.exp_month, input.exp_year ?? row.exp_year);
        await repo.updateCard(trx, id, input);
        const after = cardView(await found(trx, principal, id));
        await audit(trx, principal, {
          action: 'updateCreditCard',
          entityType: 'credit_card',
          entityId: id,
          agencyId: row.agency_id,
          before: cardView(row),
          after,
        });
        return after;
      });
    },
    async remove(principal: Principal, id: string) {
      await db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        await repo.deleteCard(trx, id);
        await audit(trx, principal, {
          action: 'deleteCreditCard',
          entityType: 'credit_card',
          entityId: id,
          agencyId: row.agency_id,
          before: cardView(row),
          after: null,
        });
      });
    },
  };
}

export type CreditCardsService = ReturnType<typeof createCreditCardsService>;
