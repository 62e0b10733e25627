// What tests need of the machine's services beyond scripts/local-services.ts.
import net from 'node:net';

export { localPostgresUrl, localRedisUrl, portAnswers } from '../../scripts/local-services.js';

/** A port nothing listens on, for tests of what happens when a dependency is unreachable. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The SECRET_KEY of every test stack; the seed seals the demo channels' credentials under it. */
export const testSecretKey = 'test-secret-key-that-is-long-enough-0123456789';
