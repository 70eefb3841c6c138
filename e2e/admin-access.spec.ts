import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn } from './support/accounts';

test.describe('who may open the console', () => {
  test('a signed-out visitor is sent to /login', async ({ page }) => {
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a participant is sent to /unauthorized', async ({ page, request }) => {
    await signIn(page, await createVerifiedAccount(request));
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test('an organiser reaches the console from the menu, but not the admins-only People page', async ({
    page,
    request,
  }) => {
    await signIn(page, await organiserAccount(request));
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Site menu' }).getByRole('link', { name: 'Console' }),
    ).toHaveAttribute('href', '/admin');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const consoleMenu = page.getByRole('navigation', { name: 'Console' });
    await expect(consoleMenu.getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(consoleMenu.getByRole('link', { name: 'People' })).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.goto('/admin/people');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
