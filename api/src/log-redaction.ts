// What a logged object must never show, in one place for every log Contrail keeps:
// - `redactedPaths`: personal data the processes' loggers (the API's and the worker's) redact by
//   path: a passenger's travel document number, as the API, the airline port and NDC name it,
//   wherever in the object it sits. Credentials in request headers are the API's own list.
// - `redactLoggedBody`: the same document numbers and every secret a request or answer body may
//   carry, for the request log (GET /request_logs), which keeps bodies whole and so redacts by name
//   and by shape rather than by path: passwords, API tokens and signing secrets, card numbers and
//   CVVs, one-time codes.
import { passesLuhn } from './domain/back-office/card-number.js';

export const redactedPaths = [
  'identity_document.number',
  '*.identity_document.number',
  '*.passengers[*].identity_document.number',
  'identityDocument.number',
  '*.identityDocument.number',
  '*.passengers[*].identityDocument.number',
  '*.IdentityDoc[*].IdentityDocID',
  '*.PaxList[*].IdentityDoc[*].IdentityDocID',
];

export const redacted = '[redacted]';

/** Keys whose value is a secret whatever it looks like. */
const secretKeys = new Set([
  'password',
  'new_password',
  'current_password',
  'secret',
  'token',
  'private_key',
  'passphrase',
  'cvv',
  'cvc',
  'authorization',
  'csrf_token',
  'IdentityDocID',
  // NDC payment cards and airline auth, as the JSON adapter and token endpoints name them
  'CardNumber',
  'SeriesCode',
  'CardSecurityCode',
  'access_token',
  'client_secret',
]);
/** The parents under which `number` is a document or card number (as `redactedPaths` name them). */
const numberParents = new Set(['identity_document', 'identityDocument', 'card', 'credit_card', 'payment_card']);
/** Keys that hold a one-time code when their value is all digits (an airport's `code` is not). */
const codeKeys = new Set(['code', 'otp', 'one_time_code', 'verification_code']);
const digitsOnly = /^\d{4,10}$/;
/** 12–19 digits, spaced or dashed as people write card numbers; redacted when Luhn says it is one. */
const cardLike = /\b\d(?:[ -]?\d){11,18}\b/g;
/** Our own credentials, wherever they appear in text: API tokens and webhook signing secrets. */
const credentialLike = /\b(?:ctr_(?:test|live)_[A-Za-z0-9_-]+|whsec_[A-Za-z0-9+/=]+)/g;

// The card pattern is scanned directly: stripping spaces and dashes first to look for twelve digits
// copied every text (an airline answer's dates are full of dashes) and cost more than the scan.
function redactText(text: string): string {
  return text
    .replace(credentialLike, redacted)
    .replace(cardLike, (match) => (passesLuhn(match.replace(/[ -]/g, '')) ? redacted : match));
}

function redactValue(value: unknown, key: string | undefined, parent: string | undefined): unknown {
  if (key !== undefined) {
    if (secretKeys.has(key) && value !== null) return redacted;
    if (key === 'number' && parent !== undefined && numberParents.has(parent) && value !== null) return redacted;
    if (codeKeys.has(key) && (typeof value === 'number' || (typeof value === 'string' && digitsOnly.test(value)))) {
      return redacted;
    }
  }
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, undefined, key ?? parent));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = redactValue(v, k, key ?? parent);
    return out;
  }
  return value;
}

/**
 * A request's or answer's body with every secret replaced by `[redacted]`, as JSON text cut at
 * `maxChars` (cut after redacting, so a cut never leaves half a secret readable).
 */
export function redactLoggedBody(body: unknown, maxChars: number): { text: string; truncated: boolean } {
  return cut(JSON.stringify(redactValue(body, undefined, undefined)) ?? 'null', maxChars);
}

const cut = (text: string, maxChars: number) =>
  text.length > maxChars ? { text: text.slice(0, maxChars), truncated: true } : { text, truncated: false };

// The rules of `redactValue` as they show in JSON text without escapes (a backslash always parses):
// a secret key with any value; a code key holding a number or a string of 4–10 digits (an answer
// full of airport and carrier codes is not parsed for them); `number` only where a card or document
// key is there too; one of our credentials; a card number (as `redactText` finds them: the text of
// a string value shows as it is in JSON). All of them are found in one scan of the text
// (`ruledJson`: a ruled key, a credential or a card-like number, whichever comes first), then each
// judged: three scans, one a rule, cost half as much again as one (1.4 against 0.95 µs for a
// 0.7 KB answer). No two of its matches can overlap (a key is quoted letters, a credential starts
// with a letter at a word's start, a card is digits), so the one scan finds what three would.
const keysIn = (keys: Iterable<string>) => [...keys].join('|');
const ruledJson = new RegExp(
  `"(${keysIn([...secretKeys, ...codeKeys, 'number', ...numberParents])})"\\s*:|${credentialLike.source}|${cardLike.source}`,
  'g',
);
/** A code's value, read where its key's colon ends: a number, or a string of 4–10 digits. */
const codeValueAt = /\s*(?:-?\d|"\d{4,10}")/y;

/**
 * Whether `redactLoggedBody` could change the value this JSON text holds: something the rules above
 * redact, or a backslash (an escape may spell any of them).
 */
function mayHoldSecrets(json: string): boolean {
  if (json.includes('\\')) return true;
  let number = false;
  let numberParent = false;
  // exec on the pattern itself: matchAll copies the pattern on every call.
  ruledJson.lastIndex = 0;
  for (let match = ruledJson.exec(json); match !== null; match = ruledJson.exec(json)) {
    const key = match[1];
    if (key === undefined) {
      // A credential, or digits that are a card number when Luhn says so.
      const first = match[0].charCodeAt(0);
      if (first < 0x30 || first > 0x39 || passesLuhn(match[0].replace(/[ -]/g, ''))) return true;
    } else if (secretKeys.has(key)) return true;
    else if (codeKeys.has(key)) {
      codeValueAt.lastIndex = ruledJson.lastIndex;
      if (codeValueAt.test(json)) return true;
    } else if (key === 'number') number = true;
    else numberParent = true;
    if (number && numberParent) return true;
  }
  return false;
}

/**
 * JSON text (an answer's, as it was sent) redacted as `redactLoggedBody` redacts the value it
 * holds: parsed and walked only when the text shows something to redact; otherwise kept as it is,
 * cut at `maxChars`. Null when it needed parsing and is not JSON.
 */
export function redactLoggedJson(text: string, maxChars: number): { text: string; truncated: boolean } | null {
  if (!mayHoldSecrets(text)) return cut(text, maxChars);
  try {
    return redactLoggedBody(JSON.parse(text) as unknown, maxChars);
  } catch {
    return null;
  }
}

/** NDC XML elements whose text is a secret or a card's data, whatever it looks like. */
const secretElements =
  /<((?:[\w.-]+:)?(?:CardNumber|SeriesCode|CardSecurityCode|SecurityCode|CVV|Password|AccessToken|Token|ClientSecret|IdentityDocID))(\s[^>]*)?>([^<]*)<\/\1>/g;

/**
 * A message exchanged with an airline (NDC XML or the sandbox's JSON), whole, with card numbers,
 * card codes, passwords, tokens and document numbers replaced: by element or key name first, then
 * by shape (anything Luhn calls a card number, our own tokens) for what sits elsewhere.
 */
export function redactAirlineMessage(text: string, format: 'xml' | 'json'): string {
  if (format === 'json') return redactLoggedJson(text, Number.MAX_SAFE_INTEGER)?.text ?? redactText(text);
  return redactText(
    text.replace(
      secretElements,
      (_all, name: string, attributes = '') => `<${name}${attributes}>${redacted}</${name}>`,
    ),
  );
}
