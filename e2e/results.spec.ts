import { expect, test } from '@playwright/test';
import { consoleApi, createVerifiedAccount, organiserAccount, outboxFor, signIn } from './support/accounts';
import { createOwnEvent, registerFree } from './support/events';
import { expectInsideScreen, phoneHeight, phoneWidths } from './support/phone-screen';

/*
 * An organiser on a phone records who goes through from the prelims and the final placings of an event of
 * the test's own, publishes, and the public /results page and the event's card show them; the team that
 * goes through is mailed the finals' time and venue.
 */

test.use({ viewport: { width: phoneWidths[0], height: phoneHeight } });

test('an organiser publishes results on a phone and the public pages show them', async ({
  page,
  request,
}) => {
  const organiser = await organiserAccount(request);
  const send = consoleApi(request, organiser);
  const own = await createOwnEvent(request, organiser, 'Results', [
    { participationName: 'Team', price: 0, minRange: 1, maxRange: 2 },
  ]);
  const optionId = own.event.participations[0]!.id;
  const { venues } = await send<{ venues: { id: number; name: string }[] }>('get', '/api/admin/timetable');
  const sessions = [
    await send<{ id: number }>('post', '/api/admin/session', {
      eventId: own.event.id,
      venueId: venues[0]!.id,
      roundName: 'Prelims',
      startsAt: '2027-02-20T10:00',
      endsAt: '2027-02-20T12:00',
    }),
    await send<{ id: number }>('post', '/api/admin/session', {
      eventId: own.event.id,
      venueId: venues[1]!.id,
      roundName: 'Finals',
      startsAt: '2027-02-22T15:00',
      endsAt: '2027-02-22T17:00',
    }),
  ];
  const owls = await createVerifiedAccount(request, { first_name: 'Hermione', last_name: 'Granger' });
  const ravens = await createVerifiedAccount(request, { first_name: 'Luna', last_name: 'Lovegood' });
  for (const [person, teamName] of [
    [owls, 'Owls'],
    [ravens, 'Ravens'],
  ] as const) {
    const registered = await registerFree(request, person, own.event.id, optionId, { teamName });
    expect(registered.status(), await registered.text()).toBe(201);
  }

  try {
    await signIn(page, organiser);
    await page.goto('/admin/results');
    await page.getByRole('link', { name: new RegExp(own.event.name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Results: ${own.event.name}` })).toBeVisible();

    // The prelims: the Owls go through.
    const prelims = page.getByRole('region', { name: 'Prelims' });
    await prelims.getByRole('checkbox', { name: /Owls/ }).check();
    await prelims.getByRole('button', { name: 'Save Prelims' }).click();
    await expect(
      page.getByText('Round saved. Publish the results to mail those who go through.'),
    ).toBeVisible();

    // The placings: Owls first, Ravens second, and a named special mention.
    const placings = page.getByRole('region', { name: 'Final placings' });
    await placings.getByLabel('First place').selectOption({ label: `Owls (${owls.Clg})` });
    await placings.getByLabel('Second place').selectOption({ label: `Ravens (${ravens.Clg})` });
    await placings.getByRole('button', { name: 'Save placings' }).click();
    await expect(page.getByText('Placings saved. Publish the results to show them.')).toBeVisible();
    await expectInsideScreen(page, '/admin/results/{id}');

    // Publishing asks first, saying how many people will be mailed.
    await page.getByRole('button', { name: 'Publish results' }).click();
    await expect(page.getByRole('group', { name: 'Confirm publishing' })).toContainText(
      '1 person going through from a round will be mailed',
    );
    await page.getByRole('button', { name: 'Yes, publish' }).click();
    await expect(page.getByText('Results published; 1 person mailed.')).toBeVisible();

    // The public page, signed in or not, by category.
    await page.goto('/results');
    const category = page.getByRole('region', { name: own.event.name.replace(' Trial', '') });
    await expect(category).toBeVisible();
    const list = page.getByRole('list', { name: `Results: ${own.event.name}` });
    await expect(list.getByRole('listitem').nth(0)).toContainText('First place: Owls');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Second place: Ravens');
    await expectInsideScreen(page, '/results');

    // The event's card on its category page.
    await page.goto(`/event/${own.position}`);
    await expect(page.getByRole('list', { name: `Results: ${own.event.name}` })).toContainText(
      'First place: Owls',
    );

    // The Owls' member is told where the finals are.
    await expect
      .poll(
        async () =>
          (await outboxFor(request, owls.email)).find((m) => m.subject.includes('go through'))?.text ?? '',
      )
      .toContain(`Venue: ${venues[1]!.name}`);
  } finally {
    for (const s of sessions) await send('delete', `/api/admin/session/${s.id}`);
    await own.hide();
  }
});
