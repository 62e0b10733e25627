// Guessing a password or a code must not pay, and a lockout must not be a weapon.
//
// Every attempt is counted BEFORE its secret is checked, in one atomic step of the shared store
// (limit-store.ts): thirty concurrent guesses get five checks, not thirty. Counts are kept per
// identity *and* client address, so a stranger hammering someone's email locks only the
// stranger's address out of that identity; the owner, signing in from elsewhere, still gets in.
// Guesses spread over many addresses meet a per-identity ceiling, which does not apply from an
// address the identity has signed in from before (the owner's own), and a per-address ceiling
// across identities stops one address trying many accounts.
import type { Clock } from '../clock.js';
import type { CeilingRule, LimitStore, Take } from './limit-store.js';

export type { LimitStore } from './limit-store.js';

export interface Verdict {
  /** Milliseconds until this identity may try again from this address; 0 when it may now. */
  waitMs: number;
  /** True when this call set a lock on the identity: its owner should hear of it. */
  lockedNow: boolean;
}

export interface SignInLimiter {
  /** Counts a sign-in attempt; call before checking the secret, and refuse it when waitMs > 0. */
  attempt(identity: string, ip: string): Promise<Verdict>;
  /** A sign-in succeeded: the address is known for the identity, and its attempts are given back. */
  succeeded(identity: string, ip: string): Promise<void>;
  /** Counts a request that sends a message (a code, a call). */
  sendAllowance(kind: 'code' | 'voice', identity: string, ip: string): Promise<Verdict>;
  /** True at most once per alert window per identity: when to tell the owner of an attack. */
  firstAlert(identity: string): Promise<boolean>;
}

const window = 15 * 60_000;
const minute = 60_000;
const hour = 60 * minute;
const rules = {
  /** One identity from one address: the owner's own mistakes, or one stranger's guesses. */
  pair: { max: 5, windowMs: window, baseLockMs: minute, maxLockMs: hour },
  /** One identity from every address it has never signed in from. */
  identity: { max: 20, windowMs: window, baseLockMs: window, maxLockMs: hour },
  /** One address, across every identity. */
  ip: { max: 50, windowMs: window, baseLockMs: window, maxLockMs: hour },
  sendPair: { code: 5, voice: 3 },
  sendIdentity: { code: 15, voice: 6 },
  sendIp: 50,
} as const;
const knownAddressMs = 90 * 24 * hour;
const alertWindowMs = hour;

const fixed = (max: number): CeilingRule => ({ max, windowMs: window, baseLockMs: window, maxLockMs: window });

export function createSignInLimiter(store: LimitStore, clock: Clock): SignInLimiter {
  const keyOf = (...parts: string[]) => `signin:${parts.map((p) => p.toLowerCase()).join(':')}`;

  const verdict = (now: Date, takes: Take[]): Verdict => {
    const refused = takes.filter((t) => !t.allowed);
    const until = Math.max(0, ...refused.map((t) => t.retryAt.getTime() - now.getTime()));
    // A refusal always waits at least a second (Retry-After is whole seconds).
    return { waitMs: refused.length > 0 ? Math.max(1000, until) : 0, lockedNow: takes.some((t) => t.lockedNow) };
  };

  /** The pair first: a refused pair does not spend the identity's or the address's allowance. */
  async function count(
    now: Date,
    identity: string,
    ip: string,
    pair: [string, CeilingRule],
    wide: [string, CeilingRule],
    byIp: [string, CeilingRule],
  ) {
    const first = await store.take(pair[0], now, pair[1]);
    if (!first.allowed) return verdict(now, [first]);
    const [ipTake, known] = await Promise.all([
      store.take(byIp[0], now, byIp[1]),
      store.peek(keyOf('known', identity, ip), now),
    ]);
    const takes = [first, ipTake];
    if (known === 0) takes.push(await store.take(wide[0], now, wide[1]));
    return verdict(now, takes);
  }

  return {
    attempt(identity, ip) {
      return count(
        clock.now(),
        identity,
        ip,
        [keyOf('pair', identity, ip), rules.pair],
        [keyOf('identity', identity), rules.identity],
        [keyOf('ip', ip), rules.ip],
      );
    },
    async succeeded(identity, ip) {
      const now = clock.now();
      await Promise.all([
        store.clear(keyOf('pair', identity, ip)),
        store.refund(keyOf('ip', ip), now),
        store.countFailure(keyOf('known', identity, ip), now, knownAddressMs),
      ]);
    },
    sendAllowance(kind, identity, ip) {
      return count(
        clock.now(),
        identity,
        ip,
        [keyOf(`send-${kind}`, identity, ip), fixed(rules.sendPair[kind])],
        [keyOf(`send-${kind}`, identity), fixed(rules.sendIdentity[kind])],
        [keyOf('send', ip), fixed(rules.sendIp)],
      );
    },
    async firstAlert(identity) {
      return (await store.countFailure(keyOf('alert', identity), clock.now(), alertWindowMs)) === 1;
    },
  };
}
