// What makes the console fast on a phone, asserted at its causes (the scores themselves come from
// `npm run lighthouse`): assets are sent precompressed (brotli, else gzip) and cached for good
// under their hashed names, API answers above a size leave compressed, and the script a first
// visit must run before it can paint stays small because screens load with their routes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
});
afterAll(async () => {
  await stack.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is read as it came over the wire (no client-side decompression). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${stack.baseUrl}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const consoleDir = () => path.resolve(stack.config.CONSOLE_DIR);
const indexHtml = () => readFileSync(path.join(consoleDir(), 'index.html'), 'utf8');
/** The scripts a first visit runs before the first screen: the entry and its module preloads. */
const initialScripts = () =>
  [
    ...indexHtml().matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/packs\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);

describe('the console build', () => {
  it('has been built (npm run build)', () => {
    expect(existsSync(path.join(consoleDir(), 'index.html'))).toBe(true);
  });

  it('serves its main script as brotli or gzip, byte for byte the built file, and cached as immutable', async () => {
    const [entry] = initialScripts();
    expect(entry).toMatch(/^assets\/main-[\w-]+\.js$/);
    const original = readFileSync(path.join(consoleDir(), entry!));

    const br = await rawGet(`/packs/${entry}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gzip = await rawGet(`/packs/${entry}`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);

    const plain = await rawGet(`/packs/${entry}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('serves the stylesheet compressed too, and the page itself never as immutable', async () => {
    const css = /href="\/packs\/(assets\/main-[\w-]+\.css)"/.exec(indexHtml())?.[1];
    expect(css).toBeDefined();
    const res = await rawGet(`/packs/${css}`, { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');

    const page = await rawGet('/sign_in', { 'Accept-Encoding': 'br, gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the script a first visit runs under 180 kB compressed: screens and languages load when used', () => {
    const scripts = initialScripts();
    const sizes = scripts.map((file) => {
      const full = path.join(consoleDir(), file);
      return {
        raw: statSync(full).size,
        br: existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size,
      };
    });
    const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
    const br = sizes.reduce((sum, s) => sum + s.br, 0);
    // Before the split the one main script alone was 1.18 MB; with every language's texts in it
    // 764 kB raw, 199 kB brotli. Only the reader's language loads now, as a chunk of its own.
    // Raw grew past 680 kB with the support, users and extension links in the frame; brotli is the budget.
    expect(raw).toBeLessThan(700_000);
    expect(br).toBeLessThan(180_000);
    expect(scripts.some((f) => /\/(en|ua|pl)-[\w-]+\.js$/.test(f))).toBe(false);
    // The heavy screens are not among them.
    const chunkNames = readFileSync(path.join(consoleDir(), scripts[0]!), 'utf8');
    expect(chunkNames).toMatch(/assets\/search-[\w-]+\.js/);
    expect(scripts.some((f) => /\/(search|bookings|analytics|sales|back-office)-/.test(f))).toBe(false);
    const built = readdirSync(path.join(consoleDir(), 'assets'));
    for (const language of ['en', 'ua', 'pl'])
      expect(built.some((f) => f.startsWith(`${language}-`) && f.endsWith('.js'))).toBe(true);
  });

  it('loads Mantine’s stylesheets of the components the console renders only, without blocking the first paint', () => {
    const html = indexHtml();
    const css = /href="\/packs\/(assets\/main-[\w-]+\.css)"/.exec(html)![1]!;
    const { size } = statSync(path.join(consoleDir(), css));
    // All of Mantine's styles.css made it 250 kB; the console renders about 60 of its 105 components.
    expect(size).toBeLessThan(190_000);
    // Preloaded, applied by the entry before the app renders: the inline shell paints without it.
    expect(html).not.toMatch(/rel="stylesheet"/);
    expect(html).toMatch(
      /<link rel="preload" as="style" crossorigin href="\/packs\/assets\/main-[\w-]+\.css" data-stylesheet>/,
    );
  });
});

describe('the console page', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/packs\/assets\/(en|ua|pl)-[\w-]+\.js"/g)].map((m) => m[1]);
  const page = async (pathname: string, cookie?: string) => {
    const res = await rawGet(pathname, { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) });
    return { ...res, html: res.body.toString('utf8') };
  };

  it('preloads the texts of the language the console starts in: the chosen one, else English', async () => {
    // The first paint waits for the language's chunk; without the hint the browser finds it only
    // after running the entry script.
    const fresh = await page('/sign_in');
    expect(fresh.status).toBe(200);
    expect(preloads(fresh.html)).toEqual(['en']);
    expect(fresh.headers.vary).toMatch(/cookie/i);
    expect(preloads((await page('/bookings', 'other=1; contrail_language=pl')).html)).toEqual(['pl']);
    expect(preloads((await page('/search', 'contrail_language=ua')).html)).toEqual(['ua']);
    // An unknown language falls back to English, as the console itself does.
    expect(preloads((await page('/search', 'contrail_language=de')).html)).toEqual(['en']);
    // The not-found page is the console too.
    const missing = await page('/no-such-page', 'contrail_language=pl');
    expect(missing.status).toBe(404);
    expect(preloads(missing.html)).toEqual(['pl']);
    // The build manifest the server reads is not published with the assets.
    expect((await rawGet('/packs/.vite/manifest.json')).status).toBe(404);
  });

  it('preloads the opened screen’s code with the page, not after the entry has run', async () => {
    const screenPreloads = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="modulepreload"[^>]*href="\/packs\/assets\/(search|bookings|workspace)-[\w-]+\.js"/g,
        ),
      ].map((m) => m[1]);
    expect(screenPreloads((await page('/search')).html)).toEqual(['search']);
    expect(screenPreloads((await page('/bookings?page=2')).html)).toEqual(['bookings']);
    // The developer workspace: its frame's code with the page (its reference's own follows at startup).
    expect(screenPreloads((await page('/workspace')).html)).toEqual(['workspace']);
    expect(screenPreloads((await page('/sign_in')).html)).toEqual([]);
    // Each file is preloaded once: what the entry already preloads is not repeated.
    const links = [...(await page('/search')).html.matchAll(/(?:href|src)="(\/packs\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(new Set(links).size).toBe(links.length);
  });

  it('paints the app’s frame from the HTML itself, before any script or stylesheet has arrived', async () => {
    const { html } = await page('/bookings');
    expect(html).toMatch(/<div id="root">\s*<div class="shell-header" aria-hidden="true">\s*<svg/);
    expect(html).toMatch(/<style>[^<]*\.shell-header/);
    // Signed out, the app sends the reader to sign-in: no screen's title then.
    expect(html).not.toContain('shell-title"');
  });

  it('shows the page’s heading in the shell, for the reader the page is for, in their language', async () => {
    const title = (html: string) => /<div class="shell-title"(?: data-size="h2")?>([^<]*)<\/div>/.exec(html)?.[1];
    const session = 'contrail_csrf=any';
    expect(title((await page('/bookings', session)).html)).toBe('Bookings');
    expect(title((await page('/bookings?page=2', `${session}; contrail_language=pl`)).html)).toBe('Rezerwacje');
    expect(title((await page('/search', `contrail_language=ua; ${session}`)).html)).toBe('Пошук рейсів');
    // Signed out, the sign-in card's heading and lead; signed in, the app leaves sign-in at once.
    const signIn = (await page('/sign_in', 'contrail_language=pl')).html;
    expect(title(signIn)).toBe('Logowanie do Contrail');
    expect(signIn).toContain('<div class="shell-lead">Wpisz e-mail lub numer telefonu swojego konta Contrail.</div>');
    const signedIn = (await page('/sign_in', session)).html;
    expect(signedIn).not.toContain('shell-title"');
    expect(signedIn).toContain('<div class="shell-content"><!--shell-content--></div>');
  });

  it('preloads the very chunk the entry imports for that language', async () => {
    const { html } = await page('/sign_in', 'contrail_language=ua');
    const chunk = /<link rel="modulepreload"[^>]*href="\/packs\/(assets\/ua-[\w-]+\.js)"/.exec(html)![1]!;
    expect(existsSync(path.join(consoleDir(), chunk))).toBe(true);
    // Imported by one of the scripts the page starts with (the entry or a chunk it preloads).
    const startup = initialScripts().map((file) => readFileSync(path.join(consoleDir(), file), 'utf8'));
    expect(startup.some((code) => code.includes(`./${chunk.slice('assets/'.length)}`))).toBe(true);
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer with brotli (else gzip) for clients that accept it', async () => {
    const asAdmin = { Authorization: `Bearer ${tokens.Admin}` };
    const br = await rawGet('/api/v1/openapi.json', { ...asAdmin, 'Accept-Encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(br.body).toString('utf8');
    expect(JSON.parse(text)).toHaveProperty('openapi');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(text) / 3);

    const gzip = await rawGet('/api/v1/openapi.json', { ...asAdmin, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(text);

    const plain = await rawGet('/api/v1/openapi.json', asAdmin);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(text);
  });

  it('sends a small answer plain: under 1 kB compressing costs more than it saves', async () => {
    const res = await rawGet('/api/v1/healthz', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unknown operation with its errors envelope and request id whatever the client accepts', async () => {
    const res = await rawGet('/api/v1/no_such_operation', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(res.body.toString('utf8')).errors[0].code).toBe('route_not_found');
  });

  it('refuses a compressed request body rather than inflating it', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${stack.baseUrl}/api/v1/sign_in`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } },
        (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.parse(res.body)).toHaveProperty('errors');
  });
});
