import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn, type TestAccount } from './support/accounts';
import { freeSoloEvent } from './support/events';

/*
 * Limited places (issue 18): the organisers give a seeded free individual option a limit of one place
 * through the console API, a participant takes it, and the public card and the registration screen then
 * say "Full" and the option cannot be chosen. The option is made unlimited again afterwards, whatever
 * happens, so the other journeys find the seed as it was.
 */

interface AdminOption {
  id: number;
  participationName: string;
  price: number;
  minRange: number;
  maxRange: number;
  placeLimit: number | null;
}

async function setPlaceLimit(
  request: APIRequestContext,
  organiser: TestAccount,
  eventId: number,
  optionId: number,
  placeLimit: number | '',
) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const current = await request.get(`/api/admin/event/${eventId}`, { headers });
  expect(current.ok(), await current.text()).toBe(true);
  const { participations } = ((await current.json()) as { data: { participations: AdminOption[] } }).data;
  // The whole list goes back as it was; only this option's limit changes (others omit theirs: kept).
  const answer = await request.patch(`/api/admin/event/${eventId}`, {
    headers,
    data: {
      participations: participations.map((o) => ({
        id: o.id,
        participationName: o.participationName,
        price: o.price,
        minRange: o.minRange,
        maxRange: o.maxRange,
        ...(o.id === optionId ? { placeLimit } : {}),
      })),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.describe('limited places', () => {
  test('a full option says "Full" on its card and cannot be chosen when registering', async ({
    page,
    request,
  }) => {
    const { event, option } = await freeSoloEvent(request);
    const organiser = await organiserAccount(request);
    const [first, second] = await Promise.all([
      createVerifiedAccount(request, { first_name: 'Padma' }),
      createVerifiedAccount(request, { first_name: 'Parvati' }),
    ]);
    await setPlaceLimit(request, organiser, event.id, option.id, 1);
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

      // The public event data says so too (category 1 is the one freeSoloEvent looks in).
      const categories = await request.get('/api/admin/event-category/get-event-category');
      const [firstCategory] = ((await categories.json()) as { data: { id: number }[] }).data;
      const answer = await request.get(
        `/api/admin/event-category/get-events-by-category/${firstCategory!.id}`,
      );
      const shown = ((await answer.json()) as { data: (typeof event)[] }).data.find((e) => e.id === event.id);
      expect(shown?.participations.find((o) => o.id === option.id)).toMatchObject({ places_left: 0 });

      await page.goto('/event/1');
      const card = page.getByRole('article').filter({ hasText: event.name });
      await expect(card.getByRole('list', { name: `Places: ${event.name}` })).toContainText('Full');

      await signIn(page, second);
      await page.goto(`/event/1/register?event=${event.id}`);
      await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
      const radio = page.getByRole('radio', { name: new RegExp(`^${option.participation_name} \\(`) });
      await expect(radio).toBeDisabled();
      await expect(radio).not.toBeChecked();
      await expect(page.getByText('Full: every place has been taken, so it cannot be chosen.')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      await setPlaceLimit(request, organiser, event.id, option.id, '');
    }
  });
});
