// Sends a fuzz case as it is, over plain sockets: no client rewrites its URL, refuses its headers
// or adds a body. The answer's status and body are all the test reads.
import http from 'node:http';
import net from 'node:net';
import type { FuzzCase } from './cases.js';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * Requests the server may answer before reading them whole (a huge header or body) go on a socket
 * of their own that reads while it writes, so the answer is not lost to a reset.
 */
export function send(baseUrl: string, c: FuzzCase, auth: Record<string, string>): Promise<Answer> {
  const large = (c.body?.length ?? 0) > 100_000 || Object.values(c.headers).some((v) => v.length > 8_000);
  return c.raw !== undefined || large ? sendRaw(baseUrl, c, auth) : sendHttp(baseUrl, c, auth);
}

function sendHttp(baseUrl: string, c: FuzzCase, auth: Record<string, string>): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: c.method,
        path: c.path,
        headers: {
          ...auth,
          ...c.headers,
          ...(c.body !== undefined ? { 'content-length': Buffer.byteLength(c.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    // A connection closed without an answer is an answer too: the test reports it as status 0.
    req.on('error', (error) => resolve({ status: 0, contentType: '', body: `no answer: ${error.message}` }));
    req.end(c.body);
  });
}

function sendRaw(baseUrl: string, c: FuzzCase, auth: Record<string, string>): Promise<Answer> {
  const url = new URL(baseUrl);
  const headers = { host: url.host, connection: 'close', ...auth, ...c.headers };
  const lines = [`${c.method} ${c.path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (c.raw !== undefined) lines.push(c.raw);
  const body = c.body ?? '';
  const length = c.body === undefined ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
  const head = `${lines.join('\r\n')}\r\n${length}\r\n`;
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(head + body));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', rest = ''] = text.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(top)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(top)?.[1] ?? '';
      resolve({ status, contentType, body: rest });
    });
  });
}

export function closeSender(): void {
  agent.destroy();
}
