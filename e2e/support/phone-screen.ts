import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/*
 * Checks of a page as a phone shows it: nothing wider than the screen, and the fixed header never over the
 * control the keyboard has just reached. Shared by the Chromium spec (e2e/phone-screens.spec.ts) and read
 * the same way by the Firefox suite (e2e-firefox/).
 */

/** The phone widths every page must fit: a small Android phone and an iPhone 12 to 15. */
export const phoneWidths = [360, 390] as const;
export const phoneHeight = 780;

/**
 * The elements that stick out past the right edge of the screen, named (tag, id, first class, text) so a
 * failure says where to look. An element inside a scroller of its own (overflow auto, scroll or hidden)
 * that fits the screen is fine: only the page itself must not scroll sideways.
 */
export async function widerThanScreen(page: Page): Promise<WidthReport> {
  return page.evaluate(measureWidth);
}

export interface WidthReport {
  width: number;
  culprits: string[];
}

/** Runs in the page (any browser's evaluate): the document's width and what sticks out past the screen. */
export function measureWidth(): WidthReport {
  const screenWidth = window.innerWidth;
  const width = document.documentElement.scrollWidth;
  const culprits: string[] = [];
  if (width > screenWidth) {
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' && p.getBoundingClientRect().right <= screenWidth + 1) return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= screenWidth + 1 || clipped(el)) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''
      }`;
      culprits.push(`${name} right=${Math.round(box.right)} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      if (culprits.length >= 6) break;
    }
  }
  return { width, culprits };
}

/** Fails when the document is wider than the screen, naming what sticks out. */
export async function expectInsideScreen(page: Page, label: string): Promise<void> {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const { width, culprits } = await widerThanScreen(page);
  expect
    .soft(
      width,
      `${label}: the page is ${width} px wide on a ${screenWidth} px screen: ${culprits.join('; ')}`,
    )
    .toBeLessThanOrEqual(screenWidth);
}

/** Scrolls the page to its end in screen-sized steps (slide-ins and lazy parts appear), then back up. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight * 0.8;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
}

/**
 * Tabs through the page's first `presses` stops, then back again with Shift+Tab (going back, the browser
 * brings a control in at the top edge, where the header is), and answers each control the fixed header
 * (or anything else fixed over the page) covered when the keyboard reached it.
 */
export async function controlsCoveredOnTab(page: Page, presses = 30): Promise<string[]> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const covered: string[] = [];
  const keys = [...Array<string>(presses).fill('Tab'), ...Array<string>(presses).fill('Shift+Tab')];
  let forwardEnded = false;
  for (const key of keys) {
    if (forwardEnded && key === 'Tab') continue;
    await page.keyboard.press(key);
    const finding = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'end';
      const header = document.querySelector('body > div header, body header');
      if (header?.contains(el) || el.closest('[role="dialog"]')) return null;
      // The skip link shows itself fixed over the header on purpose.
      if (getComputedStyle(el).position === 'fixed') return null;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      // A focusable region taller than a quarter of the screen (a table's scroller) cannot sit wholly below
      // the header once the keyboard reaches it, and its bulk stays in view: only controls are judged.
      if (box.height > window.innerHeight / 4) return null;
      // What the browser shows at the control's centre: the control itself (or a part of it), or a cover.
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + Math.min(box.height / 2, 12), 0), window.innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (!top || el.contains(top) || top.contains(el) || el.closest('label')?.contains(top)) return null;
      const coverRoot = top.closest('header, [data-testid="preview-mark"], [data-fixed-cover]');
      if (!coverRoot) return null;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
      return `${el.tagName.toLowerCase()} "${name}" under ${coverRoot.tagName.toLowerCase()}`;
    });
    if (finding === 'end') {
      if (key === 'Shift+Tab') break;
      forwardEnded = true;
      continue;
    }
    if (finding) covered.push(finding);
  }
  return covered;
}

/** Saves what the phone shows, when PHONE_SHOTS names a folder (the before and after of a layout change). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.PHONE_SHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.jpeg`), type: 'jpeg', quality: 60 });
}
