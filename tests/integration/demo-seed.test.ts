// The demo tenancy `npm start` seeds is consistent: each person, the company and the agency's
// channels belong together, so the demo agent shows up where a supervisor looks for agents and can
// search at once. Seeding twice changes nothing.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoAgency, demoCompany, seed } from '../../api/src/scripts/seed.js';
import { testSecretKey } from '../support/services.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
});
afterAll(async () => {
  await stack.close();
});

describe('the demo tenancy', () => {
  it('links the demo agent to the demo company, where the supervisor sees them', async () => {
    // Again, as a second `npm start` does: idempotent, and it mends a link an older seed left out.
    await seed(stack.ctx.db, testSecretKey);
    const agent = demoAccounts.find((a) => a.userType === 'Agent')!;
    const res = await request(stack.baseUrl)
      .get(`/api/v1/agent_company_relationships?company_id=${demoCompany.id}&per_page=100`)
      .set('Authorization', `Bearer ${tokens.Supervisor}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { agent: { id: string } }) => r.agent.id)).toContain(agent.id);
    const links = await stack.ctx.db
      .selectFrom('agent_company_relationships')
      .select(['company_id'])
      .where('account_id', '=', agent.id)
      .execute();
    expect(links).toEqual([{ company_id: demoCompany.id }]);
  });

  it('puts every non-staff person in the demo agency, and the agent in the demo company', async () => {
    const rows = await stack.ctx.db
      .selectFrom('accounts')
      .select(['id', 'user_type', 'agency_id', 'company_id'])
      .where(
        'id',
        'in',
        demoAccounts.map((a) => a.id),
      )
      .execute();
    for (const row of rows) {
      const staff = row.user_type === 'Admin' || row.user_type === 'Support';
      expect(row.agency_id, row.id).toBe(staff ? null : demoAgency.id);
      expect(row.company_id, row.id).toBe(row.user_type === 'Agent' ? demoCompany.id : null);
    }
    const company = await stack.ctx.db
      .selectFrom('companies')
      .select('agency_id')
      .where('id', '=', demoCompany.id)
      .executeTakeFirstOrThrow();
    expect(company.agency_id).toBe(demoAgency.id);
  });

  it('lets the demo agent search at once: the agency has active channels', async () => {
    const channels = await stack.ctx.db
      .selectFrom('agency_channels')
      .select('id')
      .where('agency_id', '=', demoAgency.id)
      .execute();
    expect(channels.length).toBeGreaterThan(0);
  });
});
