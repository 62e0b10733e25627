import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import pl from '../../../locales/pl.json';
import { auditAction, auditChanges, words } from './audit-format';

async function tFor(resources: object, lng: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: resources } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('the audit log in words', () => {
  it('names the action by its verb and the kind of thing changed, in the language', async () => {
    const t = await tFor(en, 'en');
    expect(auditAction('updateCompanyChannel', 'company_channel', t)).toBe('Changed a company channel');
    expect(auditAction('createCreditCard', 'credit_card', t)).toBe('Created a credit card');
    expect(auditAction('setExchangeRate', 'exchange_rate', t)).toBe('Set an exchange rate');
    expect(auditAction('updateThing', 'new_kind', t)).toBe('Changed new kind');
    const tpl = await tFor(pl, 'pl');
    expect(auditAction('deleteMarkup', 'markup', tpl)).toBe('Usunięto: marża');
  });

  it('lists only the changed fields, in words, with readable values instead of camelCase JSON', async () => {
    const t = await tFor(en, 'en');
    const changes = auditChanges(
      { id: 'x', formOfPayment: 'bsp_cash', enabled: false, updated_at: '2026-01-01T00:00:00Z', fee: null },
      {
        id: 'x',
        formOfPayment: 'credit_card',
        enabled: true,
        updated_at: '2026-02-01T00:00:00Z',
        fee: { amount: '12.50', currency: 'EUR' },
        effective_at: '2026-03-12T14:05:00Z',
      },
      'en',
      t,
    );
    expect(changes.map((c) => c.field)).toEqual(['Form of payment', 'Enabled', 'Fee', 'Effective at']);
    expect(changes[1]).toEqual({ field: 'Enabled', before: 'no', after: 'yes' });
    expect(changes[2]).toEqual({ field: 'Fee', before: '—', after: '€12.50' });
    expect(changes[3]!.after).not.toContain('T14');
    for (const c of changes) expect(`${c.field}${c.before}${c.after}`).not.toMatch(/[{}"]/);
    expect(words('agency_transaction_fee')).toBe('Agency transaction fee');
  });
});
