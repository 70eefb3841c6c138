import { expect, test, type APIRequestContext } from '@playwright/test';
import { organiserAccount, signIn, type TestAccount } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';

/*
 * The organisers' console for events: the seeded organiser closes an event's registration with the
 * console's button, and the public category page shows the red note at once. The category and event are
 * made for the test through the console API (and removed after), so other journeys keep the seeded ones.
 */

const closedNote = 'This event is not taking any registrations currently';

/** A whole 1 x 1 PNG (its chunks' checksums right: the resizer decodes it, where a header alone is refused). */
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963787924eb3f0007c80317ba0867bd0000000049454e44ae426082',
  'hex',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

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

  test('an organiser creates an event with the form, uploading its image and rule book', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    const send = await asOrganiser(request, organiser);
    const suffix = Math.random().toString(36).slice(2, 7);
    const categoryName = `Form Trials ${suffix}`;
    const category = await send('post', '/api/admin/event-category', {
      name: categoryName,
      imageUrl: '/images/events/robot-arena.svg',
    });
    try {
      await signIn(page, organiser);
      await page.goto('/admin/content/events');
      const section = page.getByRole('region', { name: categoryName });
      await section.getByRole('button', { name: `New event in ${categoryName}` }).click();
      const eventName = `Potion Relay ${suffix}`;
      // Saving too early shows the form's own messages.
      await section.getByRole('button', { name: 'Create event' }).click();
      await expect(section.getByText('Name is required.', { exact: true })).toBeVisible();

      await section.getByLabel('Event name').fill(eventName);
      await section.getByLabel('Description').fill('Relay teams brew against the clock.');
      await section
        .getByLabel('Event image')
        .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: png });
      await expect(section.getByRole('img', { name: 'Current event image' })).toBeVisible();
      await section
        .getByLabel('Rule book (PDF, optional)')
        .setInputFiles({ name: 'rules.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expect(section.getByRole('link', { name: /\/api\/uploads\// })).toHaveCount(2);
      await section.getByLabel('First contact’s name').fill('Severus Iyer');
      await section.getByLabel('First contact’s phone').fill('9000000077');
      await section.getByLabel('Option 1 name').fill('Team of three');
      await section.getByLabel('Smallest team').fill('3');
      await section.getByLabel('Largest team').fill('3');
      await section.getByRole('button', { name: 'Create event' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Event created' })).toBeVisible();
      await expect(section.getByRole('heading', { name: eventName })).toBeVisible();

      const visible = await request.get('/api/admin/event-category/get-event-category');
      const categories = ((await visible.json()) as { data: { id: number }[] }).data;
      const position = categories.findIndex((c) => c.id === category.id) + 1;
      await page.goto(`/event/${position}`);
      const card = page.getByRole('article').filter({ hasText: eventName });
      await expect(card.getByRole('link', { name: `Register for ${eventName}` })).toBeVisible();
      // The uploaded picture is asked for at the width the card shows it, as WebP (the PNG's own width
      // at most: a 1 x 1 picture stays 1 x 1).
      const image = await card.locator('img').getAttribute('src');
      expect(image).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\?w=\d+$/);
      expect(await card.locator('img').getAttribute('srcset')).toContain(
        `${image!.split('?')[0]}?w=384 384w`,
      );
      const served = await request.get(image!);
      expect(served.headers()['content-type']).toBe('image/webp');
    } finally {
      const list = await request.get(`/api/admin/event-category/get-events-by-category/${category.id}`);
      for (const event of ((await list.json()) as { data?: { id: number }[] }).data ?? []) {
        await send('delete', `/api/admin/event/${event.id}`);
      }
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
