// Signing in and out (product spec §4 Login): start_sign_in answers the account's method and sends
// a code to accounts that sign in by code; sign_in checks the password or the code and opens a
// session. Nothing here tells whether an account exists: unknown identities get the same answers,
// and a failed sign-in says only 'Invalid credentials'.
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
import type { SignInLimiter } from './sign-in-limiter.js';

export interface SignInService {
  start(identity: string): Promise<{ authMethod: 'otp' | 'password'; codeLength: number; codeExpiresInS: number }>;
  sendVoiceCode(identity: string): Promise<void>;
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

const invalidCredentials = () => new DomainError('invalid_credentials');

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
    async start(raw) {
      const identity = parseIdentity(raw);
      const key = 'email' in identity ? identity.email : identity.phone;
      const wait = await limiter.sendAllowance('code', key);
      if (wait > 0) throw throttled(wait);
      const account = await findByIdentity(db, identity);
      if (account?.auth_method === 'otp') {
        await sendCode(account, 'email' in identity ? 'email' : 'sms', key);
      }
      return {
        authMethod: account?.auth_method ?? 'otp',
        codeLength: codePolicy.length,
        codeExpiresInS: codePolicy.ttlMs / 1000,
      };
    },

    async sendVoiceCode(raw) {
      const identity = parseIdentity(raw);
      const key = 'email' in identity ? identity.email : identity.phone;
      const wait = await limiter.sendAllowance('voice', key);
      if (wait > 0) throw throttled(wait);
      const account = await findByIdentity(db, identity);
      if (account?.auth_method === 'otp' && account.phone) await sendCode(account, 'voice', account.phone);
    },

    async signIn(raw, secret, { ip, previousCookie }) {
      const identity = parseIdentity(raw);
      const key = 'email' in identity ? identity.email : identity.phone;
      const wait = await limiter.waitMs(key, ip);
      if (wait > 0) throw throttled(wait);
      if (!secret.password === !secret.code) {
        throw new DomainError('validation_failed', 'Send either the password or the code.', { pointer: '/password' });
      }

      const account = await findByIdentity(db, identity);
      let ok = false;
      if (secret.password !== undefined) {
        const hash =
          account?.auth_method === 'password' && account.password_hash
            ? account.password_hash
            : await (dummyHash ??= hashPassword('no account has this password'));
        ok = (await verifyPassword(hash, secret.password)) && account?.auth_method === 'password';
      } else if (account && secret.code !== undefined) {
        ok = await codes.redeem(account.id, 'sign_in', secret.code);
      }
      if (!ok || !account) {
        await limiter.recordFailure(key, ip);
        throw invalidCredentials();
      }
      await limiter.recordSuccess(key);
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
