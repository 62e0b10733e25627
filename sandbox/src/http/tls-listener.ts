// The sandbox's second door: HTTPS on a port of its own that asks every caller for a client
// certificate, so mutual TLS can be tried on loopback. A connection without one is still accepted
// (the handshake does not fail), and the NDC XML gate decides per channel whether it needed one.
// The same app answers on both doors: one engine, one clock, one set of orders.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface TlsMaterial {
  readonly key: string;
  readonly cert: string;
  /** The CA whose client certificates are trusted. */
  readonly ca: string;
}

export async function listenTls(
  app: FastifyInstance,
  tls: TlsMaterial,
  at: { host: string; port: number },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  await app.ready();
  const server = createServer({ ...tls, requestCert: true, rejectUnauthorized: false }, (req, res) =>
    app.routing(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { server, port: (server.address() as AddressInfo).port, close };
}
