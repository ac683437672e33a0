import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './pageErrors';

/** axe-core on the page as it is now: no serious or critical violations. */
export async function expectAccessible(page: Page, what: string) {
  // Colours are measured once opening transitions (sheets, popovers) have finished.
  // Two frames first: a dialog opened by the last click may start its transition only on the next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Only violations are read, so only they are asked for: axe then describes one node of each passing rule, not all
  // (measured on the settings pages: no change in time; kept because nothing reads the rest).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  // The pages are held to the engine e2e/package.json names (the current one): the root package.json's `overrides`
  // replaces the older one @axe-core/playwright pins, and this fails if that ever stops holding.
  expect(results.testEngine.version, 'axe-core version').toBe(axe.version);
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `accessibility of ${what}`).toEqual([]);
}
