// A door in front of the sandbox airline, on loopback, for tests of an airline that goes away and
// comes back: it passes every request through to the sandbox while open; closed, nothing listens
// on its port (connections refused, as when the airline is down); and it can drop one kind of
// message only (its connection cut before any answer), so the calls before it go through. It
// counts the messages it passed, by the text they contain.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface AirlineDoor {
  url: string;
  /** Where requests go (the sandbox's URL); set once the sandbox is up. */
  target: string;
  close(): Promise<void>;
  open(): Promise<void>;
  /** Cuts the connection of every request whose body contains `text` (null: cut none). */
  drop(text: string | null): void;
  /** How many requests whose body contains `text` reached the airline. */
  passed(text: string): number;
  stop(): Promise<void>;
}

export async function startAirlineDoor(): Promise<AirlineDoor> {
  const bodies: string[] = [];
  let dropping: string | null = null;
  let server: Server | null = null;
  let port = 0;
  const door: AirlineDoor = {
    url: '',
    target: '',
    async open() {
      const next = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (dropping !== null && body.includes(dropping)) {
            req.socket.destroy();
            return;
          }
          bodies.push(body);
          const headers = { ...req.headers };
          delete headers.host;
          delete headers['content-length'];
          request(`${door.target}${req.url}`, { method: req.method as 'POST', headers, body }).then(
            async (answer) => {
              const text = await answer.body.text();
              res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? '') });
              res.end(text);
            },
            () => req.socket.destroy(),
          );
        });
      });
      await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
      port = (next.address() as AddressInfo).port;
      door.url = `http://127.0.0.1:${port}`;
      server = next;
    },
    async close() {
      const current = server;
      server = null;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    drop(text) {
      dropping = text;
    },
    passed: (text) => bodies.filter((b) => b.includes(text)).length,
    stop: () => door.close(),
  };
  await door.open();
  return door;
}
