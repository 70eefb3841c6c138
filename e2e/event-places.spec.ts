import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn } from './support/accounts';
import { createOwnEvent } from './support/events';

/*
 * Limited places (issue 18): an event of the test's own (other journeys register for the seeded free
 * options, so a seeded one may already be taken) has a free individual option with one place; a
 * participant takes it, and the public card and the registration screen then say "Full"; choosing the
 * option leads to its waiting list, not to registering (the waiting list itself is
 * e2e/waiting-lists-events.spec.ts). The event is hidden again afterwards, whatever happens.
 */

test.describe('limited places', () => {
  test('a full option says "Full" on its card and leads to its waiting list when registering', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    const own = await createOwnEvent(request, organiser, 'Places', [
      { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: 1 },
    ]);
    const { event } = own;
    const option = event.participations[0]!;
    const [first, second] = await Promise.all([
      createVerifiedAccount(request, { first_name: 'Padma' }),
      createVerifiedAccount(request, { first_name: 'Parvati' }),
    ]);
    try {
      const taken = await request.post(`/api/event-register/event-registration/${event.id}`, {
        headers: { authorization: `Bearer ${first.token}` },
        data: {
          registerData: {
            emails: [first.email],
            isDAStudent: false,
            teamName: null,
            participationId: option.id,
          },
          payData: null,
        },
      });
      expect(taken.status(), await taken.text()).toBe(201);

      // The public event data says so too.
      const answer = await request.get(`/api/admin/event-category/get-events-by-category/${own.categoryId}`);
      const shown = ((await answer.json()) as { data: (typeof event)[] }).data.find((e) => e.id === event.id);
      expect(shown?.participations.find((o) => o.id === option.id)).toMatchObject({ places_left: 0 });

      await page.goto(`/event/${own.position}`);
      const card = page.getByRole('article').filter({ hasText: event.name });
      await expect(card.getByRole('list', { name: `Places: ${event.name}` })).toContainText('Full');
      await expect(card.getByRole('link', { name: /^Join the waiting list/ })).toBeVisible();

      await signIn(page, second);
      await page.goto(`/event/${own.position}/register?event=${event.id}`);
      await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
      const radio = page.getByRole('radio', { name: new RegExp(`^${option.participation_name} \\(`) });
      await expect(page.getByText('Full: choose it to join the waiting list.')).toBeVisible();
      await radio.check();
      await expect(page.getByText(`${option.participation_name} is full. Verify your account`)).toBeVisible();
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Step 2 of 2: Join the waiting list' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Register for free' })).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      await own.hide();
    }
  });
});
