import type { Page } from '@playwright/test';
import { splashSeenKey } from '../../components/home/splash-key';

/** Marks the home splash as already seen in this session, for tests about the page beneath it. */
export async function skipSplash(page: Page) {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), splashSeenKey);
}
