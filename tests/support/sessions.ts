// Signing in over HTTP as the console does, for tests that need a session: the cookie and CSRF
// token come back from POST /sign_in.
import request from 'supertest';
import { expect } from 'vitest';

export interface TestSession {
  cookie: string;
  csrf: string;
}

export async function signInWithPassword(baseUrl: string, identity: string, password: string): Promise<TestSession> {
  const res = await request(baseUrl).post('/api/v1/sign_in').send({ identity, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionFrom(res);
}

export function sessionFrom(res: request.Response): TestSession {
  const cookies = setCookies(res);
  const session = cookies.find((c) => c.startsWith('contrail_session='));
  if (!session) throw new Error('no session cookie');
  return { cookie: session.split(';')[0]!, csrf: res.body.csrf_token as string };
}

/** Headers for a console call: the session cookie and its CSRF token. */
export function asSession(session: TestSession): Record<string, string> {
  return { Cookie: session.cookie, 'X-CSRF-Token': session.csrf };
}

/** The Set-Cookie lines of a response. */
export function setCookies(res: request.Response): string[] {
  const header = res.headers['set-cookie'] as string | string[] | undefined;
  return header === undefined ? [] : ([] as string[]).concat(header);
}

/** A request by method name, for tests that walk operations. */
export function call(baseUrl: string, method: string, path: string): request.Test {
  const agent = request(baseUrl);
  return agent[method as 'get'](path);
}
