// An audit entry as a person reads it: the action as a sentence in the interface language ("Updated
// a company channel", from the operation's verb and the entity's kind), and only the fields that
// changed, each named in words ("Form of payment") with its values written as the console writes
// them (yes/no, dates, "—" for none) instead of camelCase keys and JSON.
import type { TFunction } from 'i18next';
import { formatDateTime, formatMoney, type Language } from '../../../lib/i18n';

const verbs = ['create', 'update', 'delete', 'set', 'duplicate'] as const;

/** "Updated a company channel" for `updateCompanyChannel` on a `company_channel`. */
export function auditAction(action: string, entityType: string, t: TFunction): string {
  const verb = verbs.find((v) => action.startsWith(v)) ?? 'update';
  const what = t(`backOffice.audit.entities.${entityType}`, { defaultValue: words(entityType).toLowerCase() });
  return t(`backOffice.audit.verbs.${verb}`, { what });
}

/** "Form of payment" for `form_of_payment` or `formOfPayment`. */
export function words(key: string): string {
  const text = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** The fields that changed, in words, with readable values; ids and timestamps of the row itself are left out. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  language: Language,
  t: TFunction,
): AuditChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const key of keys) {
    if (key === 'id' || key === 'created_at' || key === 'updated_at' || key === 'createdAt' || key === 'updatedAt')
      continue;
    const a = before?.[key];
    const b = after?.[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changes.push({ field: words(key), before: value(a, language, t), after: value(b, language, t) });
  }
  return changes;
}

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function value(v: unknown, language: Language, t: TFunction): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'backOffice.audit.yes' : 'backOffice.audit.no');
  if (typeof v === 'string') return isoMoment.test(v) ? formatDateTime(v, language) : v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.length ? v.map((item) => value(item, language, t)).join(', ') : '—';
  if (typeof v === 'object') {
    const money = v as { amount?: unknown; currency?: unknown };
    if (typeof money.amount === 'string' && typeof money.currency === 'string')
      return formatMoney({ amount: money.amount, currency: money.currency }, language);
    return Object.entries(v)
      .map(([k, inner]) => `${words(k)}: ${value(inner, language, t)}`)
      .join('; ');
  }
  return typeof v === 'bigint' ? v.toString() : '—';
}
