// The one guard for user-given addresses (api/src/outbound), against a real HTTP receiver on
// loopback: loopback refused without the allow-list (as an IP and as a name resolving to it), the
// address checked at connect time so a name re-pointed after it was saved (DNS rebinding) is
// refused, redirects answered but never followed, metadata and private ranges refused, and the
// allow-list letting a developer's own machine in; one deadline over the whole post, a long answer
// kept to its excerpt.
import type { LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundGuard, OutboundRefused, type Resolver } from '../../api/src/outbound/outbound-guard.js';
import { createOutboundPoster } from '../../api/src/outbound/outbound-http.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let receiver: Receiver;
let target: Receiver;
beforeAll(async () => {
  target = await startReceiver();
  receiver = await startReceiver((_d, res) => res.writeHead(302, { location: target.url }).end());
});
afterAll(async () => {
  await receiver.close();
  await target.close();
});

const post = async (allowCidrs: string, url: string, resolve?: Resolver) => {
  const poster = createOutboundPoster(createOutboundGuard({ allowCidrs, resolve }), { timeoutMs: 2_000 });
  try {
    return await poster.post(url, '{}', {});
  } finally {
    await poster.close();
  }
};

describe('outbound guard', () => {
  it('refuses loopback without the allow-list, as an IP and as a name resolving to it, and sends nothing', async () => {
    const before = target.received.length;
    const byIp = await post('', target.url);
    expect(byIp.status).toBeNull();
    expect(byIp.error).toMatch(/does not contact/);
    const byName = await post('', target.url.replace('127.0.0.1', 'localhost'));
    expect(byName.status).toBeNull();
    expect(byName.error).toMatch(/localhost resolves to .*does not contact/);
    const mapped = await post('', target.url.replace('127.0.0.1', '[::ffff:127.0.0.1]'));
    expect(mapped.error).toMatch(/does not contact/);
    expect(target.received.length).toBe(before);
    // Listed by the operator, the same addresses are reached.
    expect((await post('127.0.0.0/8', target.url)).status).toBe(204);
    expect((await post('127.0.0.0/8,::1/128', target.url.replace('127.0.0.1', 'localhost'))).status).toBe(204);
    expect(target.received.length).toBe(before + 2);
  });

  it('checks the address at connect time: a name that resolved to a public address when saved and to loopback when used is refused', async () => {
    let lookups = 0;
    const rebinding: Resolver = async () => {
      lookups += 1;
      const address = lookups === 1 ? '93.184.215.14' : '127.0.0.1';
      return [{ address, family: 4 }] as LookupAddress[];
    };
    const guard = createOutboundGuard({ allowCidrs: '', resolve: rebinding });
    const url = `http://hooks.example.test:${target.port}/hooks`;
    await expect(guard.checkUrl(url, { requireHttps: false })).resolves.toBeInstanceOf(URL);
    const before = target.received.length;
    const poster = createOutboundPoster(guard, { timeoutMs: 2_000 });
    const answer = await poster.post(url, '{}', {});
    await poster.close();
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/hooks\.example\.test resolves to 127\.0\.0\.1/);
    expect(target.received.length).toBe(before);
    expect(lookups).toBe(2);
  });

  it('answers a redirect as it is and never follows it', async () => {
    const before = target.received.length;
    const answer = await post('127.0.0.0/8', receiver.url);
    expect(answer.status).toBe(302);
    expect(target.received.length).toBe(before);
  });

  it('refuses metadata, private, link-local and reserved addresses when a URL is saved, whatever the allow-list', async () => {
    const guard = createOutboundGuard({ allowCidrs: '127.0.0.0/8' });
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:10.0.0.1]/',
    ])
      await expect(guard.checkUrl(url, { requireHttps: false }), url).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guard.checkUrl('http://93.184.215.14/', { requireHttps: true })).rejects.toThrow(/https/);
    await expect(guard.checkUrl('https://93.184.215.14/', { requireHttps: true })).resolves.toBeInstanceOf(URL);
    expect(() => createOutboundGuard({ allowCidrs: '10.0.0.0/33' })).toThrow(/CIDR/);
  });

  it('ends a post at its deadline whether the receiver never answers or trickles its answer, and keeps a long answer to its excerpt', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server: Server = createServer((req, res) => {
      if (req.url === '/silent') return; // never answers
      if (req.url === '/trickle') {
        // Headers at once, then a byte every 100 ms: each chunk well inside any idle timeout.
        res.writeHead(200, { 'content-type': 'text/plain' });
        const tick = setInterval(() => res.write('.'), 100);
        timers.push(tick);
        res.on('close', () => clearInterval(tick));
        return;
      }
      res.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const poster = createOutboundPoster(createOutboundGuard({ allowCidrs: '127.0.0.0/8' }), {
      timeoutMs: 800,
      excerptChars: 50,
    });
    try {
      for (const path of ['/silent', '/trickle']) {
        const started = performance.now();
        const answer = await poster.post(`${base}${path}`, '{}', {});
        const took = performance.now() - started;
        expect(answer, path).toMatchObject({ status: null, excerpt: null, error: 'No answer within 800 ms.' });
        expect(took, path).toBeGreaterThanOrEqual(790);
        expect(took, path).toBeLessThan(800 + 1_000);
      }
      const long = await poster.post(`${base}/long`, '{}', {});
      expect(long).toMatchObject({ status: 500, error: null, excerpt: 'x'.repeat(50) });
    } finally {
      await poster.close();
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      server.close();
    }
  });
});
