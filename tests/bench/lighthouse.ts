// `npm run lighthouse`: builds the console (unless --no-build), serves it with the real API on a
// loopback port, and runs Lighthouse 12 (Debian's Chromium), mobile and desktop, on the public
// pages (the agency home, the airlines page, the neo-flights landing page) and on the console a new
// agency meets first (sign-in signed out; bookings and search signed in as the demo agent), then
// axe-core on the same pages. Prints the four category scores per run and fails when one is under
// its bar (performance 90, accessibility, best practices and SEO 95; SEO is not scored on the
// signed-in console, which search engines never see) or axe finds a serious or critical violation.
// Scores swing with the machine's load, so this is a measurement, not a test: the tests assert the
// causes (compressed answers, the initial script's size, cache headers).
// The console pages need the demo accounts: a throwaway database is migrated, seeded and dropped.
// `--only=console` or `--only=public` runs one half, `--only=workspace` the developer workspace alone
// (its first load on a warm server, from a cold browser cache; goal: interactive within 2 s at
// desktop settings); `--mobile` skips the desktop runs, `--desktop` the mobile ones;
// `--save=DIR` writes each full Lighthouse report (JSON) there, to see what a score is made of.
// Each run prints its time to interactive (TTI) beside the paints.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { axeViolationCount, seriousAxeViolations } from '../support/axe.js';
import { signInByPassword } from '../support/browser.js';
import app from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { createAppContext } from '../../api/src/context.js';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { demoPassword, seed } from '../../api/src/scripts/seed.js';

const bars = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 } as const;
type Category = keyof typeof bars;
interface Target {
  path: string;
  signedIn: boolean;
}
const publicPages: Target[] = ['/', '/en/airlines', '/neo-flights'].map((p) => ({ path: p, signedIn: false }));
const consolePages: Target[] = [
  { path: '/sign_in', signedIn: false },
  { path: '/bookings', signedIn: true },
  { path: '/search', signedIn: true },
  // the developer workspace: the API reference (Scalar, a chunk of its own) and its try-it
  { path: '/workspace', signedIn: true },
];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const targets =
  only === 'workspace'
    ? consolePages.filter((t) => t.path === '/workspace')
    : [...(only === 'console' ? [] : publicPages), ...(only === 'public' ? [] : consolePages)];
const formFactors = process.argv.includes('--mobile')
  ? (['mobile'] as const)
  : process.argv.includes('--desktop')
    ? (['desktop'] as const)
    : (['mobile', 'desktop'] as const);
const saveDir = process.argv.find((a) => a.startsWith('--save='))?.slice('--save='.length);
const secretKey = 'lighthouse-run-secret-key-0123456789abcdef';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `contrail_lighthouse_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const seedDb = createDb(databaseUrl, 1);
await migrateToLatest(seedDb);
await seed(seedDb, secretKey);
await seedDb.destroy();

const config = loadConfig({
  DATABASE_URL: databaseUrl,
  SECRET_KEY: secretKey,
  LOG_LEVEL: 'silent',
  ACCESS_LOG: 'false',
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const ctx = createAppContext(config);
const server = Fastify({ logger: false });
await server.register(app, { ctx });
const base = await server.listen({ host: '127.0.0.1', port: 0 });

// One persistent profile: Lighthouse opens its tabs in the browser's default context, which is
// this one, so the session the agent signs in with here is the one Lighthouse's pages carry.
const profile = mkdtempSync(path.join(os.tmpdir(), 'contrail-lighthouse-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  // Port 0: the browser takes a free port and writes it into the profile. A fixed port is shared
  // with any other run on the machine, and Lighthouse would then measure that run's browser.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0'],
});
const debuggingPort = Number(readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);

const failures: string[] = [];
const rows: string[] = [];
let signedIn = false;
async function ensureSignedIn(page: Page): Promise<void> {
  if (signedIn) return;
  await signInByPassword(page, `${base}/sign_in`, { email: 'agent@contrail.test', password: demoPassword });
  await page.waitForURL((u) => u.pathname === '/');
  // The console this tab has open would run beside the page being measured (tabs of one site share
  // a renderer's main thread), its first render and timers counted as that page's blocking time.
  await page.goto('about:blank');
  signedIn = true;
}

try {
  const helper = await browser.newPage();
  for (const target of [...targets].sort((a, b) => Number(a.signedIn) - Number(b.signedIn))) {
    if (target.signedIn) await ensureSignedIn(helper);
    // A warm server: the page has been served once (its files read, the contract it loads
    // serialised); Lighthouse then empties the browser's cache, so the load it measures is cold.
    await helper.goto(`${base}${target.path}`);
    await helper.getByRole('main').waitFor();
    await helper.waitForLoadState('networkidle');
    await helper.goto('about:blank');
    for (const formFactor of formFactors) {
      const audit = () =>
        lighthouse(
          `${base}${target.path}`,
          {
            port: debuggingPort,
            output: 'json',
            logLevel: 'error',
            // Lighthouse empties the browser cache and the origin's caches before each run, but
            // keeps cookies: the signed-in pages load cold with the agent's session.
            onlyCategories: Object.keys(bars),
          },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
      let result = await audit();
      // A run whose trace Lighthouse itself could not read (NO_NAVSTART and the like) scores the
      // page 0 without having measured it: that run is made again, twice at most, and said so.
      for (let again = 0; result?.lhr.runtimeError && again < 2; again++) {
        console.log(`${target.path} ${formFactor}: Lighthouse ${result.lhr.runtimeError.code}, run again`);
        result = await audit();
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
      const scores = Object.fromEntries(
        Object.keys(bars).map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = `${target.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${formFactor}.json`;
        writeFileSync(path.join(saveDir, name), JSON.stringify(result.lhr, null, 1));
      }
      const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? '?';
      const [fcp, lcp, tbt, tti] = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'interactive',
      ].map(metric);
      rows.push(
        `${target.path.padEnd(14)} ${formFactor.padEnd(8)} performance ${scores.performance}  accessibility ${scores.accessibility}  best-practices ${scores['best-practices']}  seo ${target.signedIn ? '-' : scores.seo}  (FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, TTI ${tti})`,
      );
      for (const [id, bar] of Object.entries(bars) as [Category, number][]) {
        if (id === 'seo' && target.signedIn) continue;
        if (scores[id] < bar) {
          const failed = Object.values(result.lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          failures.push(
            `${target.path} ${formFactor}: ${id} ${scores[id]} < ${bar} (failing audits: ${failed.join(', ')})`,
          );
        }
      }
    }
  }

  // axe-core in the page itself; the page's CSP would refuse the injected script, so it is bypassed.
  const axeContext = await browser.browser()!.newContext({ bypassCSP: true });
  const page = await axeContext.newPage();
  signedIn = false;
  for (const target of [...targets].sort((a, b) => Number(a.signedIn) - Number(b.signedIn))) {
    if (target.signedIn) await ensureSignedIn(page);
    await page.goto(`${base}${target.path}`);
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    const total = await axeViolationCount(page);
    const serious = await seriousAxeViolations(page, target.path);
    rows.push(`${target.path.padEnd(14)} axe-core violations: ${total} (serious or critical: ${serious.length})`);
    failures.push(...serious);
  }
} finally {
  await browser.close();
  await server.close();
  await ctx.close();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  rmSync(profile, { recursive: true, force: true });
}

console.log(['lighthouse 12, Debian Chromium:', ...rows].join('\n'));
if (failures.length) {
  console.error(`under the bar:\n${failures.join('\n')}`);
  process.exit(1);
}
