// `npm run lighthouse -- <page>` (e.g. `npm run lighthouse:landing`): Lighthouse 12 with Debian's
// Chromium on a built public page, mobile and desktop, printing the four category scores and the
// audits that cost points; exits 1 when a score is under the bar (performance 90, accessibility,
// best practices and SEO 95). It serves console/dist itself with the API's own page headers and
// routes (no database needed), unless `--url <base>` points it at a running Contrail.
import Fastify from 'fastify';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import responseHeaders from '../api/src/http/plugins/response-headers.js';
import staticFiles from '../api/src/http/plugins/static.js';

/** The public pages by name; other areas add theirs here. */
const pages: Record<string, string> = {
  // landing: the neo-flights landing page
  landing: '/neo-flights',
};
const bars = { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95, seo: 0.95 } as const;
type Category = keyof typeof bars;

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--url') ?? '';
const pagePath = pages[name];
if (!pagePath) {
  console.error(`usage: tsx scripts/lighthouse.ts <${Object.keys(pages).join('|')}> [--url http://host:port]`);
  process.exit(2);
}
const urlIndex = args.indexOf('--url');
let base = urlIndex >= 0 ? args[urlIndex + 1] : undefined;

const server = base ? undefined : Fastify({ logger: false });
if (server) {
  await server.register(responseHeaders);
  await server.register(staticFiles, { consoleDir: 'console/dist', docsDir: 'dist/docs' });
  base = await server.listen({ host: '127.0.0.1', port: 0 });
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** One Lighthouse run; a busy machine sometimes loses the trace (NO_NAVSTART), so it tries twice. */
async function audit(formFactor: 'mobile' | 'desktop', attempt = 1) {
  const result = await lighthouse(
    `${base}${pagePath}`,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(bars) },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse gave no result');
  const error = result.lhr.runtimeError;
  if (!error) return result.lhr;
  if (attempt < 2) return audit(formFactor, attempt + 1);
  throw new Error(`Lighthouse: ${error.message}`);
}

let failed = false;
try {
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const lhr = await audit(formFactor);
    const scores = (Object.keys(bars) as Category[]).map((c) => {
      const score = lhr.categories[c]?.score ?? 0;
      if (score < bars[c]) failed = true;
      return `${c} ${Math.round(score * 100)}`;
    });
    console.log(`${name} ${formFactor}: ${scores.join(', ')}`);
    for (const c of Object.keys(bars)) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          console.log(`  ${c}: ${ref.id} ${Math.round(audit.score * 100)} ${audit.displayValue ?? ''}`.trimEnd());
      }
    }
  }
} finally {
  chrome.kill();
  await server?.close();
}
process.exit(failed ? 1 : 0);
