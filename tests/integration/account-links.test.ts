// "Who am I" lists the account's companies and agencies from the real rows and says whether it holds
// an API token, without ever showing the token, its hash or the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../api/src/domain/ids.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let home: TestTenant;
let away: TestTenant;

beforeAll(async () => {
  stack = await startStack();
  home = await createTenant(stack.ctx.db, `A home ${Date.now()}`);
  away = await createTenant(stack.ctx.db, `B away ${Date.now()}`);
});
afterAll(async () => {
  await stack.close();
});

async function details(token: string) {
  const res = await fetch(`${stack.apiUrl}/account/details`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, body: JSON.parse(text) as Record<string, unknown> };
}

async function named(table: 'companies' | 'agencies', ids: string[]) {
  return stack.ctx.db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute();
}

describe('account companies, agencies and API token', () => {
  it("lists an agent's own and related companies and their partners", async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: home });
    expect((await details(agent.token)).body).toMatchObject({
      companies: await named('companies', [home.companyId]),
      agencies: await named('agencies', [home.agencyId]),
    });
    await stack.ctx.db
      .insertInto('agent_company_relationships')
      .values({ id: newId('acr'), account_id: agent.id, company_id: away.companyId })
      .execute();
    const { body } = await details(agent.token);
    expect(body.companies).toEqual(await named('companies', [home.companyId, away.companyId]));
    expect(body.agencies).toEqual(await named('agencies', [home.agencyId, away.agencyId]));
  });

  it('gives a supervisor their agency and staff nothing', async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: away });
    expect((await details(supervisor.token)).body).toMatchObject({
      companies: [],
      agencies: await named('agencies', [away.agencyId]),
    });
    expect((await details(tokens.Admin)).body).toMatchObject({ companies: [], agencies: [] });
  });

  it('says whether an unrevoked API token exists, never what it is', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: home });
    const first = await details(agent.token);
    expect(first.body.has_api_token).toBe(true);
    const rows = await stack.ctx.db
      .selectFrom('api_tokens')
      .select(['id', 'token_hash'])
      .where('account_id', '=', agent.id)
      .execute();
    for (const text of [first.text]) {
      expect(text).not.toContain(agent.token);
      expect(text).not.toContain(agent.password);
      for (const r of rows) expect(text).not.toContain(r.token_hash);
    }
    // Its only token becomes the browser extension's credential: no API token is left.
    await stack.ctx.db
      .updateTable('api_tokens')
      .set({ source: 'extension' })
      .where('account_id', '=', agent.id)
      .execute();
    expect((await details(agent.token)).body.has_api_token).toBe(false);
    // A revoked API token does not count either.
    await stack.ctx.db
      .insertInto('api_tokens')
      .values({
        id: newId('tok'),
        account_id: agent.id,
        prefix: 'revoked',
        token_hash: `revoked-${agent.id}`,
        mode: 'test',
        revoked_at: new Date(),
      })
      .execute();
    expect((await details(agent.token)).body.has_api_token).toBe(false);
    const res = await fetch(`${stack.apiUrl}/account/api_token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'test' }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { token: string };
    const after = await details(agent.token);
    expect(after.body.has_api_token).toBe(true);
    expect(after.text).not.toContain(made.token);
  });
});
