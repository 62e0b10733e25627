// `npm run lighthouse`: builds the console (unless --no-build), serves it with the real API on a
// loopback port, and runs Lighthouse 12 (Debian's Chromium) on the agency home, the airlines page and
// the neo-flights landing page, mobile
// and desktop, then axe-core on the same pages. Prints the four category scores per run and fails
// when one is under its bar (performance 90, accessibility, best practices and SEO 95) or axe
// finds a serious or critical violation. The marketing pages are static: no database call is made.
import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { axeViolationCount, seriousAxeViolations } from '../support/axe.js';
import app from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { createAppContext } from '../../api/src/context.js';

const bars = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 } as const;
const pages = ['/', '/en/airlines', '/neo-flights'];
const debuggingPort = 9333;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  SECRET_KEY: 'lighthouse-run-secret-key-0123456789abcdef',
  LOG_LEVEL: 'silent',
  ACCESS_LOG: 'false',
});
const ctx = createAppContext(config);
const server = Fastify({ logger: false });
await server.register(app, { ctx });
const base = await server.listen({ host: '127.0.0.1', port: 0 });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debuggingPort}`],
});

const failures: string[] = [];
const rows: string[] = [];
try {
  for (const path of pages) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const result = await lighthouse(
        `${base}${path}`,
        { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: Object.keys(bars) },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const scores = Object.fromEntries(
        Object.keys(bars).map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)]),
      ) as Record<keyof typeof bars, number>;
      rows.push(
        `${path.padEnd(14)} ${formFactor.padEnd(8)} performance ${scores.performance}  accessibility ${scores.accessibility}  best-practices ${scores['best-practices']}  seo ${scores.seo}`,
      );
      for (const [id, bar] of Object.entries(bars) as [keyof typeof bars, number][]) {
        if (scores[id] < bar) {
          const failed = Object.values(result.lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          failures.push(`${path} ${formFactor}: ${id} ${scores[id]} < ${bar} (failing audits: ${failed.join(', ')})`);
        }
      }
    }
  }

  // axe-core in the page itself; the page's CSP would refuse the injected script, so it is bypassed.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(`${base}${path}`);
    const total = await axeViolationCount(page);
    const serious = await seriousAxeViolations(page, path);
    rows.push(`${path.padEnd(14)} axe-core violations: ${total} (serious or critical: ${serious.length})`);
    failures.push(...serious);
  }
} finally {
  await browser.close();
  await server.close();
  await ctx.close();
}

console.log(['lighthouse 12, Debian Chromium, public pages:', ...rows].join('\n'));
if (failures.length) {
  console.error(`under the bar:\n${failures.join('\n')}`);
  process.exit(1);
}
