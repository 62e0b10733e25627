// axe-core on a page: the serious and critical violations, as "where: rule (impact) at nodes". One helper
// for every browser test and the Lighthouse script, so accessibility is judged the same way.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Lets every finite animation and transition on the page end (a notice fading out, a list box
 * closing): halfway through, an element's colours are blended with what is behind it, and axe
 * judged a contrast the page never settles on.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * `include`: only this part of the page (a dialog over a page that is judged elsewhere); `exclude`:
 * a part left out (a third party's markup, judged apart).
 */
export async function seriousAxeViolations(
  page: Page,
  where: string,
  include?: string,
  exclude?: string,
): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function axeViolationCount(page: Page): Promise<number> {
  return (await new AxeBuilder({ page }).analyze()).violations.length;
}
