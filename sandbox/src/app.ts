// The sandbox airlines' HTTP face. Only the health operation for now; the NDC-shaped messages
// (AirShopping, OfferPrice, OrderCreate, …) arrive with the shopping and booking issues.
import type { FastifyInstance } from 'fastify';

export const sandboxVersion = '0.1.0';

export default async function sandboxApp(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ status: 'ok', service: 'contrail-sandbox', version: sandboxVersion }));
}
