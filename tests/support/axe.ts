// axe-core on a page: the serious and critical violations, as "where: rule (impact)". One helper
// for every browser test and the Lighthouse script, so accessibility is judged the same way.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** `include`: only this part of the page (a dialog over a page that is judged elsewhere). */
export async function seriousAxeViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact})`);
}

export async function axeViolationCount(page: Page): Promise<number> {
  return (await new AxeBuilder({ page }).analyze()).violations.length;
}
