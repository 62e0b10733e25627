// An SMS API of Twilio's shape on loopback, for tests of the phone adapter: it records every request
// (path, basic-auth user and password, form fields) and answers what the test sets: 201 with a
// message resource by default, an error answer, or no answer at all (to time out).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsProviderRequest {
  path: string;
  user: string;
  password: string;
  contentType: string;
  form: Record<string, string>;
}

export interface SmsProvider {
  url: string;
  received: SmsProviderRequest[];
  /** The answers to give, in order; once used up, 201. 'hang' never answers. */
  answers: ({ status: number; body: object } | 'hang')[];
  close(): Promise<void>;
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const provider: SmsProvider = { url: '', received: [], answers: [], close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [user = '', password = ''] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      provider.received.push({
        path: req.url ?? '',
        user,
        password,
        contentType: req.headers['content-type'] ?? '',
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      const answer = provider.answers.shift() ?? {
        status: 201,
        body: { sid: `SM${provider.received.length}`, status: 'queued' },
      };
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return provider;
}
