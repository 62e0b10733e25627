// GET /sandbox/scenarios: the scenario catalogue (engine/scenario-catalogue.ts), for the sellers
// that show their developers what each trigger does. Public: it says nothing about any channel.
import type { FastifyInstance } from 'fastify';
import { scenarioCatalogue } from '../engine/scenario-catalogue.js';

const body = {
  scenarios: scenarioCatalogue.map((entry) => ({
    id: entry.id,
    stage: entry.stage,
    route: entry.route,
    days_ahead: entry.daysAhead,
    surname: entry.surname,
    after_seconds: entry.afterSeconds,
    texts: entry.texts,
  })),
};

export default async function scenarioRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sandbox/scenarios', async () => body);
}
