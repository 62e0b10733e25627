// auth: signing in by code or password, and out.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { clearSessionCookies, cookieOf, sessionCookie, setSessionCookies } from '../../cookies.js';
import { principalOf } from '../../plugins/auth.js';
import { accountToWire } from '../account/wire.js';

type Handlers = Pick<ServiceHandlers, 'startSignIn' | 'signIn' | 'sendVoiceOtp' | 'signOut'>;

export function authHandlers(ctx: Pick<AppContext, 'signIn' | 'accounts'>): Handlers {
  return {
    startSignIn: async (request) => {
      const answer = await ctx.signIn.start(request.body.identity, { ip: request.ip });
      return { status: 200, body: { code_length: 6, code_expires_in: answer.codeExpiresInS } };
    },
    sendVoiceOtp: async (request) => {
      await ctx.signIn.sendVoiceCode(request.body.identity, { ip: request.ip });
      return { status: 202, body: { status: 'accepted' } };
    },
    signIn: async (request, reply) => {
      const { identity, password, code } = request.body;
      const session = await ctx.signIn.signIn(
        identity,
        { password, code },
        { ip: request.ip, previousCookie: cookieOf(request, sessionCookie) },
      );
      setSessionCookies(request, reply, session);
      const account = await ctx.accounts.details({ accountId: session.accountId });
      return {
        status: 200,
        body: {
          csrf_token: session.csrfToken,
          expires_at: session.expiresAt.toISOString(),
          account: accountToWire(account),
        },
      };
    },
    signOut: async (request, reply) => {
      await ctx.signIn.signOut(principalOf(request));
      clearSessionCookies(request, reply);
      return { status: 204, body: undefined };
    },
  };
}
