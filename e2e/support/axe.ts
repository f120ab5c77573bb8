import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** The WCAG 2.1 A and AA rules the portal is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Violation {
  id: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * The serious and critical axe-core violations on the page (or inside `include`, a selector). axe-core runs in the page
 * directly and answers only its violations: @axe-core/playwright's builder took three times as long per page (it
 * serialises every passing check back), which the crawl of every page paid a few hundred times per user.
 * Sandboxed frames run no script, so axe could not enter them; frames are not entered at all.
 */
export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(
    async ({ include, tags }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      const context = { include: include ? [[include]] : [['html']], exclude: [['iframe[sandbox]']] };
      const result = await run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { include, tags: TAGS },
  );
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
