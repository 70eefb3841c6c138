import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  createVerifiedAccount,
  organiserAccount,
  outboxFor,
  profileOf,
  signIn,
  uniqueEmail,
  type TestAccount,
} from './support/accounts';
import { createOwnEvent, registerFree, setPlaceLimit } from './support/events';
import { expectNoSeriousAxeViolations } from './support/axe';

/*
 * Waiting lists for events (issue 18, docs/waiting-lists.md). The journey the issue asks for: a full
 * option shows "Full" and a join button, a participant joins, a place frees (the organiser raises the
 * limit), the offer mail arrives and its link, followed signed out, leads through the sign-in to a completed
 * registration. And a team leader's join, where the team's e-mails pass the registration's gate. Each test
 * makes its own category and event through the console API and hides them afterwards, so the seed stays
 * as it was.
 */

interface Entry {
  id: string;
  itemId: number;
  status: string;
  position: number | null;
  teamName: string | null;
  emails: string[];
}

async function myWaitingLists(request: APIRequestContext, account: TestAccount): Promise<Entry[]> {
  const answer = await request.get('/api/waiting-lists', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Entry[] }).data;
}

test.describe('waiting lists: events', () => {
  test('a full option: join its waiting list, a place frees, the offer mail leads to a registration', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const organiser = await organiserAccount(request);
    const own = await createOwnEvent(request, organiser, 'Queue', [
      { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: 1 },
    ]);
    try {
      const { event, position } = own;
      const option = event.participations[0]!;
      const [first, second] = await Promise.all([
        createVerifiedAccount(request, { first_name: 'Padma' }),
        createVerifiedAccount(request, { first_name: 'Parvati' }),
      ]);
      const taken = await registerFree(request, first, event.id, option.id);
      expect(taken.status(), await taken.text()).toBe(201);

      // The public card: "Full" and a join link in place of 'Register'.
      await page.goto(`/event/${position}`);
      const card = page.getByRole('article').filter({ hasText: event.name });
      await expect(card.getByRole('list', { name: `Places: ${event.name}` })).toContainText('Full');
      const joinLink = card.getByRole('link', { name: `Join the waiting list for ${event.name}` });
      await expect(joinLink).toHaveText('Join the waiting list');
      await expect(card.getByRole('link', { name: `Register for ${event.name}` })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);

      // The registration screen, reached from the card: the full option chosen, leading to its list.
      await signIn(page, second);
      await page.reload();
      await joinLink.click();
      await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
      const radio = page.getByRole('radio', { name: /^Solo \(/ });
      await expect(radio).toBeChecked();
      await expect(page.getByText('Full: choose it to join the waiting list.')).toBeVisible();
      await expect(
        page.getByText('Solo is full. Verify your account, then join its waiting list'),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Step 2 of 2: Join the waiting list' })).toBeFocused();
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(page.getByRole('heading', { name: 'You are on the waiting list' })).toBeFocused();
      await expect(page.getByText(`You are number 1 in line for Solo of ${event.name}.`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
      await expectNoSeriousAxeViolations(page);

      const [entry] = await myWaitingLists(request, second);
      expect(entry).toMatchObject({ itemId: option.id, status: 'waiting', position: 1 });

      // Back on the screen, the list remembers the participant; joining again is refused plainly.
      await page.reload();
      await expect(
        page.getByText('Full. You are on its waiting list: you are number 1 in line.'),
      ).toBeVisible();
      await expect(
        page.getByText('You are already on the waiting list for Solo, number 1 in line.'),
      ).toBeVisible();

      // A place frees: the organiser raises the limit, and the first in line is offered it by mail.
      await setPlaceLimit(request, organiser, event.id, option.id, 2);
      let link = '';
      await expect
        .poll(async () => {
          const mail = (await outboxFor(request, second.email)).find((m) =>
            m.subject.startsWith('A place is free for you'),
          );
          link = mail?.text.match(/https?:\/\/\S+\?offer=[0-9a-f-]{36}/)?.[0] ?? '';
          return link;
        })
        .toContain(`?offer=${entry!.id}`);
      expect(new URL(link).pathname).toBe(`/event/${own.categoryId}/register`);

      // The link, followed signed out: the sign-in leads straight back to it, offer and all.
      const baseURL = test.info().project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      try {
        const fresh = await context.newPage();
        const offerPath = new URL(link).pathname + new URL(link).search;
        await fresh.goto(offerPath);
        await expect(fresh).toHaveURL(/\/login$/);
        await fresh.getByLabel('Email').fill(second.email);
        await fresh.getByRole('textbox', { name: 'Password' }).fill(second.password);
        await fresh.getByRole('button', { name: 'Log in' }).click();
        await expect(fresh).toHaveURL(new RegExp(`${offerPath.replace(/[?]/g, '\\?')}$`));
        await expect(fresh.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
        await expect(fresh.getByText(/^A place is held for you until .+ \(India time\)\.$/)).toBeVisible();
        await expect(fresh.getByRole('radio', { name: /^Solo \(/ })).toBeChecked();
        await expect(fresh.getByText('A place is held for you: register to take it.')).toBeVisible();
        await expectNoSeriousAxeViolations(fresh);

        await fresh.getByRole('button', { name: 'Verify', exact: true }).click();
        await expect(
          fresh.getByRole('heading', { name: 'Step 2 of 2: Confirm your registration' }),
        ).toBeVisible();
        await fresh.getByRole('button', { name: 'Register for free' }).click();
        await expect(fresh.getByRole('status').filter({ hasText: 'Bravo' })).toContainText(
          'Event Registration Successful.',
        );
        await expect(fresh).toHaveURL(/\/$/);

        const profile = await profileOf(request, second);
        expect(profile.registrationsDetails.map((r) => r.eventId)).toContain(event.id);
        expect(await myWaitingLists(request, second)).toEqual([]);

        // The used link no longer holds a place, and says so.
        await fresh.goto(offerPath);
        await expect(fresh.getByText('This offer link no longer holds a place for you.')).toBeVisible();
        await fresh.goto(`/event/${position}/register?offer=00000000-0000-4000-8000-000000000000`);
        await expect(fresh.getByRole('heading', { name: 'This offer link is not valid' })).toBeVisible();
      } finally {
        await context.close();
      }
    } finally {
      await own.hide();
    }
  });

  test('a team leader joins a full team option once the team passes the registration gate', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    const own = await createOwnEvent(request, organiser, 'Relay', [
      { participationName: 'Squad', price: 0, minRange: 2, maxRange: 3, placeLimit: 1 },
    ]);
    try {
      const { event, position } = own;
      const option = event.participations[0]!;
      const [a, b, leader, mate] = await Promise.all([
        createVerifiedAccount(request, { first_name: 'Aarav' }),
        createVerifiedAccount(request, { first_name: 'Bhavna' }),
        createVerifiedAccount(request, { first_name: 'Charu' }),
        createVerifiedAccount(request, { first_name: 'Dev' }),
      ]);
      const taken = await registerFree(request, a, event.id, option.id, {
        emails: [a.email, b.email],
        teamName: 'First Flight',
      });
      expect(taken.status(), await taken.text()).toBe(201);

      await signIn(page, leader);
      await page.goto(`/event/${position}/register?event=${event.id}&option=${option.id}`);
      await expect(page.getByRole('radio', { name: /^Squad \(/ })).toBeChecked();
      await page.getByLabel('Team name').fill('Second Wind');
      // A teammate without an account: the gate refuses, as it does for registering.
      const stranger = uniqueEmail('stranger');
      await page.getByLabel('Teammate 1 email').fill(stranger);
      await page.getByRole('button', { name: 'Verify Team' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Verification Failed' })).toContainText(
        `${stranger} does not have a verified account yet.`,
      );
      // The refusal stays under the teammate's field, which is marked, after the toast has gone.
      const mateField = page.getByLabel('Teammate 1 email');
      await expect(mateField).toHaveAttribute('aria-invalid', 'true');
      await expect(mateField).toHaveAccessibleDescription(
        `${stranger} does not have a verified account yet. Ask them to sign up and verify first.`,
      );
      await expect(page.getByRole('button', { name: 'Join the waiting list' })).toHaveCount(0);

      await page.getByLabel('Teammate 1 email').fill(mate.email);
      await page.getByRole('button', { name: 'Verify Team' }).click();
      await expect(page.getByRole('heading', { name: 'Step 2 of 2: Join the waiting list' })).toBeVisible();
      await expect(page.getByText('Second Wind')).toBeVisible();
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(page.getByText(`You are number 1 in line for Squad of ${event.name}.`)).toBeVisible();

      const [entry] = await myWaitingLists(request, leader);
      expect(entry).toMatchObject({
        itemId: option.id,
        status: 'waiting',
        teamName: 'Second Wind',
        emails: [leader.email, mate.email],
      });
    } finally {
      await own.hide();
    }
  });
});
