// The rules planner: deterministic and offline. It reads a question in English, Ukrainian or Polish
// with keyword tables, date phrases (dates.ts) and names resolved against the database
// (resolve.ts), and answers one tool call to read, a write plan, a request for what is missing, the
// candidates when a name fits more than one thing, or "not understood". It proposes a write only on
// an explicit imperative verb with every name resolved to exactly one thing (a markup, a batch, a
// join request named by its company or partner); a question ("which gates are closed?") is always a
// read.
import { dateRangeOf, ure } from './dates.js';
import { bestName, carrierIn, locatorIn, words } from './resolve.js';
import type { texts } from './texts.js';

export interface Directory {
  agencies: { id: string; name: string; status: string }[];
  companies: { id: string; name: string; agency_id: string | null; currency?: string }[];
}

export interface Call {
  tool: string;
  args: Record<string, unknown>;
}

export type Planned =
  | { kind: 'read'; call: Call }
  | { kind: 'write'; steps: Call[] }
  | { kind: 'missing'; what: keyof typeof texts }
  /** The names fit more than one thing: which one (each option names it by id, to ask again with). */
  | { kind: 'ambiguous'; what: keyof typeof texts; options: string[] }
  | { kind: 'unknown' }
  /** The model planner's turn: reads it ran (already checked), writes it proposes, tools it named that do not exist. */
  | {
      kind: 'model';
      text: string;
      reads: { tool: string; args: Record<string, unknown>; result: unknown }[];
      writes: Call[];
      refused: string[];
    };

export interface PlannerContext {
  now: Date;
  directory: Directory;
  /** The partner's channel of a carrier, if it has one (the planner's one lookup beyond names). */
  channelOf(agencyId: string, carrier: string): Promise<string | undefined>;
  /** The failed EMD requests the caller may see, of a booking or by id. */
  failedEmds(of: { locator?: string; requestId?: string }): Promise<{ locator: string; request_id: string }[]>;
  /** A company's markups, as the caller may see them. */
  markupsOf(companyId: string): Promise<MarkupRef[]>;
  /** A partner's failed back-office batches, made in the period when one is given. */
  failedBatches(of: { agencyId: string; from?: string; to?: string }): Promise<{ id: string; file_name: string }[]>;
  /** Pending join requests, of a company, to a partner, or both. */
  joinRequests(of: {
    agencyId?: string;
    companyId?: string;
  }): Promise<{ id: string; company_name: string; agency_name: string }[]>;
}

export interface MarkupRef {
  id: string;
  carrier: string | null;
  cabin: string | null;
  kind: 'fixed' | 'percentage';
  value: string;
  currency: string | null;
}

const has = (text: string, source: string) => ure(source, 'i').test(text);

// Cues, all three languages. Stems end without \b where Ukrainian and Polish inflect.
const readCue = String.raw`^\s*(show|list|which|what|who|whom|how|are|is|was|were|did|find|give|display|tell|покажи|які|який|яка|хто|що|скільки|чи|знайди|виведи|pokaż|pokaz|jakie|jaki|jaka|kto|co|ile|czy|znajdź|znajdz|wyświetl)\b`;
const who = String.raw`\b(who|whom|хто|kto)\b`;
const topUp = String.raw`\b(top up|top-up|topup|credit|add|fund)\b|\b(поповн\p{L}*|зарахуй|додай|doładuj\p{L}*|doladuj\p{L}*|zasil\p{L}*|dodaj)`;
const debit = String.raw`\b(debit|charge|deduct|withdraw|спиши|списати|зніми|obciąż\p{L}*|obciaz\p{L}*|pobierz|odejmij)`;
const archive = String.raw`\b(archive|архівуй|архівувати|заархівуй|zarchiwizuj|archiwizuj)\b`;
const retry = String.raw`\b(retry|try again|re-?run|reissue|повтори|спробуй ще раз|перевипиши|ponów|ponow|spróbuj ponownie|sprobuj ponownie|wystaw ponownie)`;
const resend = String.raw`\b(resend|send again|redeliver|надішли ще раз|надішли повторно|повтори|wyślij ponownie|wyslij ponownie|ponów|ponow)`;
const openVerb = String.raw`\b(open|reopen|unblock|відкрий|відкрити|розблокуй|otwórz|otworz|odblokuj)\b`;
const closeVerb = String.raw`\b(close|block|shut|закрий|закрити|заблокуй|zamknij|zablokuj)\b`;
const onVerb = String.raw`\b(switch on|turn on|enable|activate|увімкни|ввімкни|увімкнути|включи|активуй|włącz|wlacz|aktywuj)\b`;
const offVerb = String.raw`\b(switch off|turn off|disable|deactivate|вимкни|вимкнути|виключи|деактивуй|wyłącz|wylacz|dezaktywuj)\b`;
const mainGate = String.raw`\b(main gate|main|головн\p{L}*|główn\p{L}*|glown\p{L}*)`;
const channelGate = String.raw`\b(channel gate|шлюз каналів|bramk\p{L}* kanałów|bramk\p{L}* kanalow)`;
const allAgenciesGate = String.raw`\b(agency gate|agencies gate|шлюз агенцій|bramk\p{L}* agencji)\b`;
const agencyWord = String.raw`\b(agency|agencies|partner|partners|агенц\p{L}*|партнер\p{L}*|agencj\p{L}*|partner\p{L}*)`;
const companyWord = String.raw`\b(company|companies|client|компані\p{L}*|клієнт\p{L}*|firm\p{L}*|spółk\p{L}*|klient\p{L}*)`;
const bookingsWord = String.raw`\b(bookings?|pnrs?|orders?|бронюван\p{L}*|броні|бронь|замовлен\p{L}*|rezerwacj\p{L}*|zamówie\p{L}*)`;
const historyWord = String.raw`\b(history|state|status|історі\p{L}*|стан|статус|historia|historii|stan|status)\b`;
const salesWord = String.raw`\b(sales|sold|sell\p{L}*|revenue|turnover|прода\p{L}*|виручк\p{L}*|оборот\p{L}*|sprzeda\p{L}*|przych\p{L}*|obrót|obrot\p{L}*)`;
const ledgerWord = String.raw`\b(ledger|movements?|transactions?|entries|рух\p{L}*|операці\p{L}*|транзакці\p{L}*|проводк\p{L}*|operacj\p{L}*|ruchy|transakcj\p{L}*|wpływ\p{L}*)`;
const balanceWord = String.raw`\b(balances?|баланс\p{L}*|залиш\p{L}*|saldo|salda|sald)\b`;
const channelsWord = String.raw`\b(channels?|gates?|канал\p{L}*|шлюз\p{L}*|kanał\p{L}*|kanal\p{L}*|bramk\p{L}*)`;
const changedWord = String.raw`\b(chang\p{L}*|clos\p{L}*|open\p{L}*|set|switch\p{L}*|archiv\p{L}*|top\p{L}*|змін\p{L}*|закри\p{L}*|відкри\p{L}*|вимкну\p{L}*|увімкну\p{L}*|zmieni\p{L}*|zamkn\p{L}*|otworzy\p{L}*|wyłączy\p{L}*|włączy\p{L}*)`;

const closedWord = String.raw`\b(closed|off|inactive|switched\s+off|закрит\p{L}*|вимкнен\p{L}*|неактивн\p{L}*|zamknięt\p{L}*|zamkniet\p{L}*|wyłączon\p{L}*|wylaczon\p{L}*|nieaktywn\p{L}*)`;
const failedWord = String.raw`\b(fail\p{L}*|errors?|undelivered|невдал\p{L}*|помилк\p{L}*|недоставлен\p{L}*|nieudan\p{L}*|błęd\p{L}*|bled\p{L}*|niedostarczon\p{L}*)`;
const webhookWord = String.raw`\b(webhooks?|вебхук\p{L}*|webhook\p{L}*)`;
const backOfficeWord = String.raw`\b(back[- ]?office|бек[- ]?офіс\p{L}*|бекофіс\p{L}*)`;
const emdWord = String.raw`\b(emds?|емд)\b`;
const scheduleWord = String.raw`\b(schedule chang\p{L}*|змін\p{L}* розклад\p{L}*|zmian\p{L}* rozkład\p{L}*|zmian\p{L}* rozklad\p{L}*)`;
const fareWatchWord = String.raw`\b(fare[- ]?watch|фер[- ]?вотч)`;
const savingsWord = String.raw`\b(sav\p{L}*|заощадж\p{L}*|економі\p{L}*|зекономи\p{L}*|oszczędn\p{L}*|oszczedn\p{L}*|zaoszczędz\p{L}*)`;
const markupWord = String.raw`\b(markups?|націнк\p{L}*|marż\p{L}*|marz\p{L}*)`;
const setVerb = String.raw`^\s*(set|change|update|make|встанови|змінити|зміни|постав|ustaw|zmień|zmien)\b`;
const joinWord = String.raw`\b(join requests?|request to join|запит\p{L}* на приєднання|prośb\p{L}* o dołączenie|prosb\p{L}* o dolaczenie)`;
const acceptVerb = String.raw`\b(accept|approve|прийми|схвали|підтверди|przyjmij|zaakceptuj|zatwierdź|zatwierdz)\b`;
const declineVerb = String.raw`\b(decline|reject|refuse|відхили|odrzuć|odrzuc)\b`;

const statuses: [string, string][] = [
  [String.raw`\b(issued|ticketed|виписан\p{L}*|wystawion\p{L}*)`, 'issued'],
  [String.raw`\b(cancel+ed|скасован\p{L}*|anulowan\p{L}*)`, 'cancelled'],
  [String.raw`\b(voided|анульован\p{L}*|unieważnion\p{L}*)`, 'voided'],
  [String.raw`\b(expired|прострочен\p{L}*|wygasł\p{L}*|wygasl\p{L}*)`, 'expired'],
  [String.raw`\b(refunded|повернен\p{L}*|zwrócon\p{L}*|zwrocon\p{L}*)`, 'refunded'],
  [String.raw`\b(held|unpaid|new|on hold|нов\p{L}*|неоплачен\p{L}*|nowe|nieopłacon\p{L}*)\b`, 'new'],
];

function amountIn(question: string): { amount: string; currency?: string } | undefined {
  const m = ure(
    String.raw`(?<![\d.,])(\d{1,10}(?:[.,]\d{1,2})?)(?![\d.,]*\d)\s*(eur|euro|€|usd|\$|pln|zł|zl|uah|грн|gbp|£)?`,
    'i',
  ).exec(question.replace(/(?<=\d)[  ](?=\d{3}\b)/g, ''));
  if (!m) return undefined;
  const currency = m[2]?.toLowerCase();
  const code =
    currency === undefined
      ? undefined
      : (
          {
            eur: 'EUR',
            euro: 'EUR',
            '€': 'EUR',
            usd: 'USD',
            $: 'USD',
            pln: 'PLN',
            zł: 'PLN',
            zl: 'PLN',
            uah: 'UAH',
            грн: 'UAH',
            gbp: 'GBP',
            '£': 'GBP',
          } as Record<string, string>
        )[currency];
  const [whole, frac = ''] = m[1]!.replace(',', '.').split('.');
  return { amount: `${whole}.${frac.padEnd(2, '0')}`, currency: code };
}

function commentIn(question: string): string | undefined {
  const m = ure(
    String.raw`\b(?:comment|reason|note|коментар\p{L}*|причин\p{L}*|примітк\p{L}*|komentarz\p{L}*|powód|powod|uwag\p{L}*)\b\s*[:\-–]?\s*(.+)$`,
    'i',
  ).exec(question);
  const quoted = /["«„“]([^"»”]+)["»”]/u.exec(question);
  const text = (m?.[1] ?? quoted?.[1])
    ?.trim()
    .replace(/^["«„“]|["»”]$/gu, '')
    .trim();
  return text ? text.slice(0, 500) : undefined;
}

interface Entities {
  agency?: { id: string; name: string };
  company?: { id: string; name: string; currency?: string };
}

/** The partners a change or a read by name may mean: an archived one only when asked for by name (anyAgency). */
const activeAgencies = (directory: Directory) => directory.agencies.filter((a) => a.status !== 'archived');

/** Partner and company names; a keyword ("agency", "company") decides when a name fits both. */
function entitiesIn(question: string, directory: Directory): Entities {
  const agency = bestName(question, activeAgencies(directory));
  const company = bestName(question, directory.companies);
  const saysAgency = has(question, agencyWord);
  const saysCompany = has(question, companyWord);
  if (agency && company) {
    // "bookings of Zephyrine Voyages" names that partner whole; a company "Zephyrine Coast" that
    // shares only its first word is the same words read twice, not a second name.
    if (company.firstWordOnly && !agency.firstWordOnly) return { agency: agency.item };
    if (agency.firstWordOnly && !company.firstWordOnly) return { company: company.item };
    if (saysCompany && !saysAgency) return { company: company.item };
    if (saysAgency && !saysCompany) return { agency: agency.item };
    return agency.distance <= company.distance
      ? { agency: agency.item, company: company.item }
      : { company: company.item };
  }
  return { agency: agency?.item, company: company?.item };
}

/** Like entitiesIn, but any partner named, archived or not (to archive, or to read its history). */
function anyAgency(question: string, directory: Directory) {
  return bestName(question, directory.agencies)?.item;
}

export async function planByRules(question: string, ctx: PlannerContext): Promise<Planned> {
  const q = question.trim();
  const range = dateRangeOf(q, ctx.now);
  const dates = range ? { from: range.from, to: range.to } : {};
  const asks = has(q, readCue) || q.endsWith('?');
  const locator = locatorIn(q) ?? locatorAfterKeyword(q);

  // "who changed X": the audit log (before any verb: "who closed the gate" is a question)
  if (has(q, who) && has(q, changedWord)) {
    const e = entitiesIn(q, ctx.directory);
    if (has(q, mainGate)) return read('who_changed', { entity_type: 'ticketing_gate', entity_id: 'main' });
    if (has(q, channelGate)) return read('who_changed', { entity_type: 'ticketing_gate', entity_id: 'channel' });
    if (e.company && !e.agency) return read('who_changed', { entity_type: 'company', entity_id: e.company.id });
    const agency = e.agency ?? anyAgency(q, ctx.directory);
    if (agency) return read('who_changed', { agency_id: agency.id });
    if (has(q, channelsWord)) return read('who_changed', { entity_type: 'ticketing_gate' });
    return read('who_changed', {});
  }

  if (!asks) {
    const write = await writeOf(q, ctx);
    if (write) return write;
  }

  // reads
  const e = entitiesIn(q, ctx.directory);
  const byAgencyAndDates = { ...(e.agency ? { agency_id: e.agency.id } : {}), ...dates };
  if (has(q, failedWord) || has(q, webhookWord) || has(q, backOfficeWord)) {
    if (has(q, emdWord)) return read('failed_emds', byAgencyAndDates);
    if (has(q, backOfficeWord)) return read('back_office_failures', byAgencyAndDates);
    if (has(q, webhookWord)) return read('webhook_failures', byAgencyAndDates);
  }
  if (has(q, emdWord)) return read('failed_emds', byAgencyAndDates);
  if (has(q, scheduleWord)) return read('schedule_changes', locator ? { locator } : {});
  if (has(q, fareWatchWord) || (has(q, savingsWord) && !has(q, salesWord))) return read('fare_watch_savings', dates);
  if (has(q, ledgerWord) && !has(q, bookingsWord)) {
    if (!e.company) return { kind: 'missing', what: 'needCompany' };
    return read('ledger', { company_id: e.company.id });
  }
  if (has(q, salesWord)) {
    const carrier = carrierIn(q);
    return read('sales_summary', {
      ...dates,
      ...(e.agency ? { agency_id: e.agency.id } : {}),
      ...(carrier ? { carrier } : {}),
    });
  }
  if (has(q, balanceWord)) {
    if (e.company) return read('balances', { company_id: e.company.id });
    return read('balances', e.agency ? { agency_id: e.agency.id } : {});
  }
  if (locator && (has(q, historyWord) || !has(q, bookingsWord) || words(q).length <= 4))
    return read('booking_history', { locator });
  if (has(q, bookingsWord)) {
    const status = statuses.find(([re]) => has(q, re))?.[1];
    const passenger = ure(
      String.raw`\b(?:passenger|traveller|пасажир\p{L}*|pasażer\p{L}*|pasazer\p{L}*)\s+([\p{L}'-]+(?:\s+[\p{Lu}][\p{L}'-]+)?)`,
      'i',
    ).exec(q)?.[1];
    return read('find_bookings', {
      ...(locator ? { q: locator } : passenger ? { q: passenger } : {}),
      ...(status ? { status } : {}),
      ...dates,
      ...(e.agency && !e.company ? { agency_id: e.agency.id } : {}),
      ...(e.company ? { company_id: e.company.id } : {}),
    });
  }
  if (has(q, channelsWord))
    return read('channels', {
      ...(e.agency ? { agency_id: e.agency.id } : {}),
      ...(has(q, closedWord) ? { closed_only: true } : {}),
    });
  if (locator) return read('booking_history', { locator });
  return { kind: 'unknown' };
}

/** An id of a kind (`whd_…`, `bod_…`, `jar_…`, `mku_…`, `emr_…`) written in the question. */
function idIn(q: string, prefix: string): string | undefined {
  return ure(String.raw`(?<![\p{L}\p{N}_])(${prefix}_[a-z0-9]+)`, 'i').exec(q)?.[1];
}

/**
 * "set markup mku_… to 5%", or "set the LH markup of company Acme to 12 EUR": a company's markup
 * by its carrier, or its only one; with several and nothing to tell them apart, which one.
 */
async function markupOf(q: string, ctx: PlannerContext, company: Entities['company']): Promise<Planned> {
  const named = idIn(q, 'mku');
  if (named) return markupChange(q.replace(named, ''), named) ?? { kind: 'missing', what: 'needMarkup' };
  if (!company) return { kind: 'missing', what: 'needMarkup' };
  const rest = q.replace(company.name, '');
  const all = await ctx.markupsOf(company.id);
  const carrier = carrierIn(rest);
  const byCarrier = carrier ? all.filter((m) => m.carrier === carrier) : [];
  const candidates = byCarrier.length > 0 ? byCarrier : all;
  if (candidates.length === 0) return { kind: 'missing', what: 'noMarkup' };
  if (candidates.length > 1)
    return {
      kind: 'ambiguous',
      what: 'whichMarkup',
      options: candidates.map(
        (m) =>
          `${m.id} (${[m.carrier ?? '*', m.cabin, m.kind === 'percentage' ? `${m.value}%` : `${m.value} ${m.currency ?? ''}`.trim()].filter(Boolean).join(', ')})`,
      ),
    };
  return markupChange(rest, candidates[0]!.id) ?? { kind: 'missing', what: 'needMarkup' };
}

/** The new value of a markup: "5%" (a percentage) or "12 EUR" (a fixed amount). */
function markupChange(rest: string, markup: string): Planned | undefined {
  const percent = /(\d{1,8}(?:[.,]\d{1,2})?)\s*%/u.exec(rest)?.[1];
  const step = (args: Record<string, unknown>): Planned => ({
    kind: 'write',
    steps: [{ tool: 'set_markup', args: { markup_id: markup, ...args } }],
  });
  if (percent) return step({ kind: 'percentage', value: percent.replace(',', '.') });
  const amount = amountIn(rest);
  if (!amount?.currency) return undefined;
  return step({ kind: 'fixed', value: amount.amount, currency: amount.currency });
}

/**
 * "retry the failed EMD of AB12CD" (each failed request of the booking, one step each) or "retry
 * EMD emr_…" (that request): only requests that failed, as the caller can see them.
 */
async function retryOf(q: string, ctx: PlannerContext): Promise<Planned> {
  const requestId = idIn(q, 'emr');
  const locator = locatorIn(q) ?? locatorAfterKeyword(q);
  if (!requestId && !locator) return { kind: 'missing', what: 'needEmdRequest' };
  const failed = await ctx.failedEmds(requestId ? { requestId } : { locator });
  if (failed.length === 0) return { kind: 'missing', what: 'noFailedEmd' };
  return {
    kind: 'write',
    steps: failed.map((f) => ({ tool: 'retry_failed_emd', args: { locator: f.locator, request_id: f.request_id } })),
  };
}

/** "resend the failed batch of agency X from yesterday": the partner's one failed batch of the period. */
async function batchOf(q: string, ctx: PlannerContext, agency: Entities['agency']): Promise<Planned> {
  if (!agency) return { kind: 'missing', what: 'needBatch' };
  const range = dateRangeOf(q, ctx.now);
  const failed = await ctx.failedBatches({ agencyId: agency.id, ...(range ? { from: range.from, to: range.to } : {}) });
  if (failed.length === 0) return { kind: 'missing', what: 'noFailedBatch' };
  if (failed.length > 1)
    return { kind: 'ambiguous', what: 'whichBatch', options: failed.map((b) => `${b.id} (${b.file_name})`) };
  return { kind: 'write', steps: [{ tool: 'resend_back_office_batch', args: { delivery_id: failed[0]!.id } }] };
}

/** "accept the join request of company Y to agency Z": the one pending request those names fit. */
async function joinRequestOf(q: string, ctx: PlannerContext, answer: 'accept' | 'decline'): Promise<Planned> {
  // Both names are looked for on their own: a request joins a company and a partner.
  const agency = bestName(q, activeAgencies(ctx.directory))?.item;
  const company = bestName(q, ctx.directory.companies)?.item;
  if (!agency && !company) return { kind: 'missing', what: 'needJoinRequest' };
  const pending = await ctx.joinRequests({ agencyId: agency?.id, companyId: company?.id });
  if (pending.length === 0) return { kind: 'missing', what: 'noJoinRequest' };
  if (pending.length > 1)
    return {
      kind: 'ambiguous',
      what: 'whichJoinRequest',
      options: pending.map((r) => `${r.id} (${r.company_name} → ${r.agency_name})`),
    };
  return { kind: 'write', steps: [{ tool: 'answer_join_request', args: { request_id: pending[0]!.id, answer } }] };
}

function read(tool: string, args: Record<string, unknown>): Planned {
  return { kind: 'read', call: { tool, args } };
}

function locatorAfterKeyword(q: string): string | undefined {
  const m = ure(
    String.raw`\b(?:booking|locator|pnr|бронювання|локатор|rezerwacj\p{L}*|lokator)\s+([a-z0-9]{6})\b`,
    'i',
  ).exec(q);
  return m?.[1]?.toUpperCase();
}

async function writeOf(q: string, ctx: PlannerContext): Promise<Planned | undefined> {
  const write = (tool: string, args: Record<string, unknown>): Planned => ({ kind: 'write', steps: [{ tool, args }] });
  const e = entitiesIn(q, ctx.directory);

  if (has(q, archive)) {
    const agency = anyAgency(q, ctx.directory);
    return agency ? write('archive_partner', { agency_id: agency.id }) : { kind: 'missing', what: 'needAgency' };
  }
  if (has(q, emdWord) && has(q, retry)) return retryOf(q, ctx);
  if (has(q, resend)) {
    const batch = idIn(q, 'bod');
    if (batch) return write('resend_back_office_batch', { delivery_id: batch });
    if (has(q, backOfficeWord)) return batchOf(q, ctx, e.agency);
    const delivery = idIn(q, 'whd');
    return delivery ? write('resend_webhook', { delivery_id: delivery }) : { kind: 'missing', what: 'needDelivery' };
  }
  const joinRequest = idIn(q, 'jar');
  if (joinRequest || has(q, joinWord)) {
    const accept = has(q, acceptVerb);
    const decline = has(q, declineVerb);
    if (joinRequest && accept !== decline)
      return write('answer_join_request', { request_id: joinRequest, answer: accept ? 'accept' : 'decline' });
    if (accept !== decline) return joinRequestOf(q, ctx, accept ? 'accept' : 'decline');
    if (accept || decline) return { kind: 'missing', what: 'needJoinRequest' };
  }
  if (has(q, markupWord) && has(q, setVerb)) return markupOf(q, ctx, e.company);
  const credit = has(q, topUp);
  const charge = has(q, debit);
  if ((credit || charge) && !has(q, onVerb) && !has(q, openVerb)) {
    const company = e.company;
    if (!company) return { kind: 'missing', what: 'needCompany' };
    const amount = amountIn(q.replace(company.name, ''));
    if (!amount || Number(amount.amount) === 0) return { kind: 'missing', what: 'needAmount' };
    const reason = commentIn(q);
    if (!reason) return { kind: 'missing', what: 'needComment' };
    const currency = amount.currency ?? company.currency;
    if (!currency) return { kind: 'missing', what: 'needAmount' };
    return write('change_balance', {
      company_id: company.id,
      amount: { amount: charge && !credit ? `-${amount.amount}` : amount.amount, currency },
      reason,
    });
  }

  if (has(q, bookingsWord)) return undefined;
  const opens = has(q, openVerb) || has(q, onVerb);
  const closes = has(q, closeVerb) || has(q, offVerb);
  if (opens === closes) return undefined;
  const active = opens;
  const carrier = carrierIn(q);
  if (e.agency && carrier && !has(q, String.raw`\bgate\b|шлюз|bramk`)) {
    const channel = await ctx.channelOf(e.agency.id, carrier);
    if (!channel) return { kind: 'missing', what: 'needChannel' };
    return write('switch_channel', { channel_id: channel, on_by_admin: active });
  }
  if (e.company && !e.agency) return write('set_company_gate', { company_id: e.company.id, active });
  if (e.agency) return write('set_partner_gate', { agency_id: e.agency.id, active });
  if (has(q, channelGate)) return write('set_platform_gate', { gate: 'channel', active });
  if (has(q, allAgenciesGate)) return write('set_platform_gate', { gate: 'agency', active });
  if (has(q, mainGate)) return write('set_platform_gate', { gate: 'main', active });
  return { kind: 'missing', what: 'needWhat' };
}
