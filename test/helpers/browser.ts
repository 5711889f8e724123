// Debian's Chromium for the browser tests, launched one way: a missing or failing browser fails the
// test when SITECONTENT_REQUIRE_BROWSER is set (CI), and skips it otherwise.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { browserRequired, CHROMIUM, CHROMIUM_ARGS } from './storefront.js';

/** What a test's `skip` needs of its context. */
interface Skippable {
  skip(): void;
}

/**
 * Runs `use` with a page of a fresh headless Chromium profile (1280 × 860; `options` for the
 * context, such as JavaScript off), then closes the browser and removes the profile.
 */
export async function withChromium(
  ctx: Skippable,
  use: (page: Page) => Promise<void>,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    if (browserRequired()) throw new Error(`${CHROMIUM} is missing and SITECONTENT_REQUIRE_BROWSER is set`);
    ctx.skip();
    return;
  }
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(path.join(tmpdir(), 'sitecontent-chromium-'));
  let context: BrowserContext | undefined;
  try {
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: CHROMIUM_ARGS,
        viewport: { width: 1280, height: 860 },
        timeout: 60_000,
        ...options,
      });
    } catch (error) {
      if (browserRequired()) throw error;
      ctx.skip();
      return;
    }
    await use(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
  }
}
