// Signing in and out (product spec §4 Login): start_sign_in sends a code to accounts that sign in by
// code; sign_in checks the password or the code and opens a session.
//
// Nothing here tells whether an identity exists or how it signs in: start_sign_in gives every
// identity the same answer, at the same time (a fixed floor; sending a code, which only a code
// account costs, never holds the answer past it); a failed sign-in says only 'Invalid
// credentials', and a wrong identity is checked against a dummy hash, as slow as a wrong password.
// Attempts are counted before the secret is checked (sign-in-limiter.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { findByIdentity, type CredentialsRow } from '../../db/account-credentials.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import type { MailService } from '../mail/mail.service.js';
import type { Principal } from '../principal.js';
import type { Authenticator } from './authenticator.js';
import { codePolicy, type OneTimeCodes } from './one-time-codes.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { closeSession, openSession, sessionIdOf, type OpenedSession } from './sessions.js';
import { signInAlert } from './sign-in-alert.js';
import type { SignInLimiter, Verdict } from './sign-in-limiter.js';

export interface SignInService {
  start(identity: string, client: { ip: string }): Promise<{ codeLength: number; codeExpiresInS: number }>;
  sendVoiceCode(identity: string, client: { ip: string }): Promise<void>;
  /** Opens a new session; the one the browser still held (`previousCookie`) ends. */
  signIn(
    identity: string,
    secret: { password?: string; code?: string },
    client: { ip: string; previousCookie?: string },
  ): Promise<OpenedSession & { accountId: string }>;
  signOut(principal: Principal): Promise<void>;
}

/** An email, or a phone number in international form; anything else is refused as input. */
export function parseIdentity(raw: string): { email: string } | { phone: string } {
  const value = raw.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { email: value.toLowerCase() };
  const phone = value.replace(/[\s().-]/g, '');
  if (/^\+[1-9][0-9]{6,14}$/.test(phone)) return { phone };
  throw new DomainError('validation_failed', 'Enter an email address or a phone number such as +380501234567.', {
    pointer: '/identity',
  });
}

/**
 * start_sign_in answers this long after it began, whoever asked: longer than sending a code takes
 * on an idle machine (a few ms), so a code is usually in the outbox by the answer.
 */
export const startAnswerFloorMs = 150;

const invalidCredentials = () => new DomainError('invalid_credentials');
const keyOf = (identity: { email: string } | { phone: string }) =>
  'email' in identity ? identity.email : identity.phone;

export function createSignInService(deps: {
  db: Db;
  clock: Clock;
  codes: OneTimeCodes;
  mail: MailService;
  limiter: SignInLimiter;
  auth: Authenticator;
}): SignInService {
  const { db, clock, codes, mail, limiter } = deps;
  // Verifying against this when there is no account keeps a wrong identity as slow as a wrong
  // password. Made on first use, not at start-up.
  let dummyHash: Promise<string> | undefined;

  function throttled(waitMs: number): DomainError {
    const seconds = Math.ceil(waitMs / 1000);
    return new DomainError('rate_limited', `Too many attempts. Try again in ${seconds} s.`, undefined, seconds);
  }

  /** Refuses a throttled call; when this call set a lock on a real account, its owner hears once. */
  async function admit(verdict: Verdict, account: CredentialsRow | undefined, key: string): Promise<void> {
    if (verdict.lockedNow && account && (await limiter.firstAlert(key))) {
      await mail.queue({ channel: 'email', to: account.email, ...signInAlert(account.language) });
    }
    if (verdict.waitMs > 0) throw throttled(verdict.waitMs);
  }

  async function sendCode(account: CredentialsRow, channel: 'email' | 'sms' | 'voice', to: string): Promise<void> {
    const code = await codes.issue(account.id, 'sign_in', to);
    await mail.queue({
      channel,
      to,
      subject: 'Your Contrail sign-in code',
      body:
        channel === 'voice'
          ? `Your Contrail code is ${code.split('').join(' ')}.`
          : `Your Contrail sign-in code is ${code}. It is valid for 5 minutes. If you did not ask for it, ignore this message.`,
    });
  }

  return {
    async start(raw, { ip }) {
      const identity = parseIdentity(raw);
      const key = keyOf(identity);
      const floor = sleep(startAnswerFloorMs);
      // The same work for every identity: one count, one lookup (and a refusal, if any, in time).
      const [verdict, account] = await Promise.all([
        limiter.sendAllowance('code', key, ip),
        findByIdentity(db, identity),
      ]);
      await admit(verdict, account, key);
      // Sending a code is work only a code account costs: the answer waits for it only up to the
      // floor, so however slow the send, the answer comes at the same time for everyone. A send
      // still running goes on after the answer; if it fails, the person asks for another code.
      if (account?.auth_method === 'otp') {
        const sending = sendCode(account, 'email' in identity ? 'email' : 'sms', key);
        sending.catch(() => undefined);
        await Promise.race([sending, floor]);
      }
      await floor;
      return { codeLength: codePolicy.length, codeExpiresInS: codePolicy.ttlMs / 1000 };
    },

    async sendVoiceCode(raw, { ip }) {
      const identity = parseIdentity(raw);
      const key = keyOf(identity);
      const [verdict, account] = await Promise.all([
        limiter.sendAllowance('voice', key, ip),
        findByIdentity(db, identity),
      ]);
      await admit(verdict, account, key);
      if (account?.auth_method === 'otp' && account.phone) await sendCode(account, 'voice', account.phone);
    },

    async signIn(raw, secret, { ip, previousCookie }) {
      const identity = parseIdentity(raw);
      const key = keyOf(identity);
      if (!secret.password === !secret.code) {
        throw new DomainError('validation_failed', 'Send either the password or the code.', { pointer: '/password' });
      }
      const [verdict, account] = await Promise.all([limiter.attempt(key, ip), findByIdentity(db, identity)]);
      await admit(verdict, account, key);

      let ok = false;
      if (secret.password !== undefined) {
        const hash =
          account?.auth_method === 'password' && account.password_hash
            ? account.password_hash
            : await (dummyHash ??= hashPassword('no account has this password'));
        ok = (await verifyPassword(hash, secret.password)) && account?.auth_method === 'password';
      } else if (secret.code !== undefined) {
        // The same query for an unknown identity, which finds no code.
        ok = (await codes.redeem(account?.id ?? 'acc_none', 'sign_in', secret.code)) && account !== undefined;
      }
      if (!ok || !account) throw invalidCredentials();
      await limiter.succeeded(key, ip);
      if (previousCookie) {
        const previous = sessionIdOf(previousCookie);
        await closeSession(db, clock, previous);
        deps.auth.forgetSession(previous);
      }
      const session = await openSession(db, clock, account.id);
      return { ...session, accountId: account.id };
    },

    async signOut(principal) {
      if (principal.via.kind !== 'session') return;
      await closeSession(db, clock, principal.via.sessionId);
      deps.auth.forgetSession(principal.via.sessionId);
    },
  };
}
