import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { organiserAccount, signIn, type TestAccount } from './support/accounts';

/*
 * The organisers' console for events: the seeded organiser closes an event's registration with the
 * console's button, and the public category page shows the red note at once. The category and event are
 * made for the test through the console API (and removed after), so other journeys keep the seeded ones.
 */

const closedNote = 'This event is not taking any registrations currently';

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

async function asOrganiser(request: APIRequestContext, organiser: TestAccount) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const send = async (method: 'post' | 'delete', path: string, data?: unknown) => {
    const answer = await request[method](path, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { data: { id: number } }).data;
  };
  return send;
}

test.describe('console: events', () => {
  test('an organiser closes registration and the public page shows the red note', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    const send = await asOrganiser(request, organiser);
    const suffix = Math.random().toString(36).slice(2, 7);
    const category = await send('post', '/api/admin/event-category', {
      name: `Console Trials ${suffix}`,
      imageUrl: '/images/events/robot-arena.svg',
    });
    const eventName = `Wand Duel ${suffix}`;
    const event = await send('post', '/api/admin/event', {
      categoryId: category.id,
      name: eventName,
      description: 'Two wizards, one wand each, no hexes below the belt.',
      imageUrl: '/images/events/robot-arena.svg',
      poc1Name: 'Minerva Rao',
      poc1PhoneNo: '9000000042',
      participations: [{ participationName: 'Solo', price: 0, minRange: 1, maxRange: 1 }],
    });
    try {
      // The new category is the last visible one, so the public page numbers it by the count.
      const visible = await request.get('/api/admin/event-category/get-event-category');
      const categories = ((await visible.json()) as { data: { id: number }[] }).data;
      const position = categories.findIndex((c) => c.id === category.id) + 1;
      expect(position).toBeGreaterThan(0);

      await page.goto(`/event/${position}`);
      const publicCard = page.getByRole('article').filter({ hasText: eventName });
      await expect(publicCard.getByRole('link', { name: /register/i })).toBeVisible();
      await expect(publicCard.getByText(closedNote)).toHaveCount(0);

      await signIn(page, organiser);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin/content/events');
      await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName }) });
      await expect(card.getByText('Registration open')).toBeVisible();
      await card.getByRole('button', { name: `Close registration ${eventName}` }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Event saved' })).toBeVisible();
      await expect(card.getByText('Registration closed')).toBeVisible();
      await expect(card.getByRole('button', { name: `Open registration ${eventName}` })).toBeVisible();

      await page.goto(`/event/${position}`);
      const closedCard = page.getByRole('article').filter({ hasText: eventName });
      const note = closedCard.getByText(closedNote);
      await expect(note).toBeVisible();
      expect(await note.evaluate((el) => el.className)).toContain('text-red');
      await expect(closedCard.getByRole('link', { name: /register/i })).toHaveCount(0);
    } finally {
      await send('delete', `/api/admin/event/${event.id}`);
      await send('delete', `/api/admin/event-category/${category.id}`);
    }
  });

  test('the console page has no serious axe violations, on a phone, with an editor open', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    await signIn(page, organiser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/content/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page
      .getByRole('button', { name: /^Edit / })
      .filter({ hasNotText: 'category' })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Save event' })).toBeVisible();
    await expect(page.getByLabel('Rule book (PDF, optional)')).toBeAttached();
    await expectNoSeriousAxeViolations(page);
  });
});
