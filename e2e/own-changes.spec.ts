import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, outboxFor, signIn, uniqueEmail } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createOwnEvent, registerFree } from './support/events';
import { expectInsideScreen, phoneHeight, phoneWidths } from './support/phone-screen';
import { firstProduct, money } from './support/shop';

/*
 * A participant's own changes, on a phone (issue 39, docs/own-changes.md). Each test makes its own event
 * through the console API and hides it afterwards, so the seed stays as it was.
 */

test.use({ viewport: { width: phoneWidths[0], height: phoneHeight } });

test('a participant cancels from the profile and the first in line is offered the place', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const organiser = await organiserAccount(request);
  const own = await createOwnEvent(request, organiser, 'Change', [
    { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: 1 },
  ]);
  try {
    const { event } = own;
    const option = event.participations[0]!;
    const [holder, waiting] = await Promise.all([
      createVerifiedAccount(request, { first_name: 'Kavya' }),
      createVerifiedAccount(request, { first_name: 'Meera' }),
    ]);
    const registered = await registerFree(request, holder, event.id, option.id);
    expect(registered.status(), await registered.text()).toBe(201);
    const joined = await request.post('/api/waiting-lists', {
      headers: { authorization: `Bearer ${waiting.token}` },
      data: { kind: 'participation_option', itemId: option.id },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    await signIn(page, holder);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Change your plans' });
    const item = section.getByRole('listitem').filter({ hasText: event.name });
    await expect(item).toContainText('Solo');
    await expect(item).toContainText(/Changes until .+ \(India time\)\./);
    await expect(item).toContainText('Nothing was paid, so nothing is refunded.');
    await expectInsideScreen(page, 'profile with plans');
    await expectNoSeriousAxeViolations(page);

    // Two steps: the first asks, names the consequence, and can be stepped back from.
    await item.getByRole('button', { name: `Cancel your registration for ${event.name}` }).click();
    const asking = item.getByRole('group', { name: `Cancel your registration for ${event.name}?` });
    await expect(asking).toContainText('This cannot be undone.');
    await expect(asking.getByRole('button', { name: 'Yes, cancel' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await asking.getByRole('button', { name: 'Keep it' }).click();
    await expect(asking).toHaveCount(0);
    await item.getByRole('button', { name: `Cancel your registration for ${event.name}` }).click();
    await asking.getByRole('button', { name: 'Yes, cancel' }).click();

    await expect(section.getByRole('status')).toHaveText(`Cancelled your registration for ${event.name}.`);
    await expect(section.getByRole('listitem').filter({ hasText: event.name })).toHaveCount(0);
    // Nor is it among the profile's registered events any more.
    await expect(page.getByRole('listitem').filter({ hasText: event.name })).toHaveCount(0);

    // The place went back through the inventory: the first in line has the offer by mail.
    await expect
      .poll(async () =>
        (await outboxFor(request, waiting.email)).some((m) =>
          m.subject.startsWith('A place is free for you'),
        ),
      )
      .toBe(true);
    // And the participant has the cancellation's mail.
    await expect
      .poll(async () => (await outboxFor(request, holder.email)).map((m) => m.subject).join('\n'))
      .toContain('you cancelled');
  } finally {
    await own.hide();
  }
});

test('an organiser sets an event’s rules and undoes a cancellation from the console', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const organiser = await organiserAccount(request);
  const own = await createOwnEvent(request, organiser, 'Undo', [
    { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: 5 },
  ]);
  try {
    const { event } = own;
    const option = event.participations[0]!;
    const holder = await createVerifiedAccount(request, { first_name: 'Ishaan' });
    expect((await registerFree(request, holder, event.id, option.id)).status()).toBe(201);
    const plans = await request.get('/api/my-plans', {
      headers: { authorization: `Bearer ${holder.token}` },
    });
    const registrationId = ((await plans.json()) as { data: { registrations: { id: string }[] } }).data
      .registrations[0]!.id;
    const cancelled = await request.post('/api/my-plans/cancel', {
      headers: { authorization: `Bearer ${holder.token}` },
      data: { kind: 'registration', id: registrationId },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await signIn(page, organiser);
    await page.goto('/admin');
    await page.getByRole('button', { name: /Console sections/ }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Changes' })).toBeVisible();
    await page.getByLabel('Person or item').fill(holder.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const list = page.getByRole('list', { name: 'Changes, newest first' });
    const change = list.getByRole('listitem').filter({ hasText: event.name });
    await expect(change).toContainText('Cancellation');
    await expect(change).toContainText(holder.email);
    await expectInsideScreen(page, 'changes');
    await expectNoSeriousAxeViolations(page);

    await change.getByRole('button', { name: `Undo the cancellation of ${event.name}` }).click();
    await change.getByRole('button', { name: 'Yes, undo' }).click();
    await expect(change).toContainText(`Undone`);
    await expect(change).toContainText(`by ${organiser.email}`);
    const after = await request.get('/api/my-plans', {
      headers: { authorization: `Bearer ${holder.token}` },
    });
    expect(
      ((await after.json()) as { data: { registrations: { id: string }[] } }).data.registrations,
    ).toEqual([expect.objectContaining({ id: registrationId })]);

    // The event's rules: half back until a date.
    const rules = page.getByRole('region', { name: 'Rules for changes' });
    const item = rules.getByRole('listitem').filter({ hasText: event.name });
    await item.locator('summary').click();
    await item.getByLabel('Refund on cancellation').selectOption('percent');
    await item.getByLabel('Share refunded (%)').fill('50');
    await item.getByRole('button', { name: `Save rules for ${event.name}` }).click();
    await expect(item.locator('summary')).toContainText('50% refunded');
    await expectNoSeriousAxeViolations(page);
    const terms = await request.get('/api/my-plans', {
      headers: { authorization: `Bearer ${holder.token}` },
    });
    expect(JSON.stringify(await terms.json())).toContain('Nothing was paid, so nothing is refunded.');
  } finally {
    await own.hide();
  }
});

test('a participant changes a T-shirt’s size from the profile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const product = await firstProduct(request);
  const [from, to] = product.variants.filter((v) => v.isAvailable && v.isOnSale);
  test.skip(!from || !to, 'the seed has no two sizes on sale');
  const buyer = await createVerifiedAccount(request, { first_name: 'Tara' });
  await signIn(page, buyer);
  await page.goto('/merchandise');
  await page.getByRole('button', { name: `Add size ${from!.type} to cart` }).click();
  await page.getByRole('button', { name: 'Book your Merchandise' }).click();
  const checkout = page.getByTestId('sandbox-checkout');
  await expect(checkout.getByTestId('sandbox-amount')).toHaveText(money(product.price));
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();

  await page.goto('/profile');
  const item = page
    .getByRole('region', { name: 'Change your plans' })
    .getByRole('listitem')
    .filter({ hasText: 'T-shirt order' });
  const size = item.getByLabel(`Size of your ${product.name}`);
  await expect(size).toHaveValue(from!.type);
  await size.selectOption(to!.type);
  await item.getByRole('button', { name: `Change size of your ${product.name}` }).click();
  const asking = item.getByRole('group', { name: `Change your ${product.name} to size ${to!.type}?` });
  await expect(asking).toContainText('The price stays the same.');
  await expectNoSeriousAxeViolations(page);
  await asking.getByRole('button', { name: `Yes, change to ${to!.type}` }).click();
  await expect(item.getByRole('status').first()).toHaveText(`Your ${product.name} is now size ${to!.type}.`);
  // The profile's own list of orders reads again and shows the new size.
  await expect(page.getByRole('region', { name: 'Merchandise orders' })).toContainText(
    `Size ${to!.type} × 1`,
  );
  await expectInsideScreen(page, 'profile after a size change');
});

test('a solo registration is offered to a friend, who accepts it from their profile', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const organiser = await organiserAccount(request);
  const own = await createOwnEvent(request, organiser, 'Give', [
    { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: 3 },
  ]);
  try {
    const { event } = own;
    const option = event.participations[0]!;
    const [giver, friend] = await Promise.all([
      createVerifiedAccount(request, { first_name: 'Rohan' }),
      createVerifiedAccount(request, { first_name: 'Neel' }),
    ]);
    expect((await registerFree(request, giver, event.id, option.id)).status()).toBe(201);

    await signIn(page, giver);
    await page.goto('/profile');
    const item = page
      .getByRole('region', { name: 'Change your plans' })
      .getByRole('listitem')
      .filter({ hasText: event.name });
    await item.getByLabel('Give this registration to someone else').fill(friend.email);
    await item.getByRole('button', { name: 'Offer this place' }).click();
    const asking = item.getByRole('group', { name: `Offer your registration to ${friend.email}?` });
    await expect(asking).toContainText('it cannot be given back');
    await expectNoSeriousAxeViolations(page);
    await asking.getByRole('button', { name: 'Yes, offer it' }).click();
    await expect(item).toContainText(`(${friend.email}). They can accept it from their profile`);
    await expect.poll(async () => (await outboxFor(request, friend.email)).length).toBeGreaterThan(0);

    // The friend, on their own phone.
    const baseURL = test.info().project.use.baseURL!;
    const context = await browser.newContext({
      baseURL,
      viewport: { width: phoneWidths[0], height: phoneHeight },
    });
    try {
      const friendPage = await context.newPage();
      await signIn(friendPage, friend);
      await friendPage.goto('/profile');
      const offered = friendPage.getByRole('region', { name: 'Places offered to you' });
      const offer = offered.getByRole('listitem').filter({ hasText: event.name });
      await expect(offer).toBeVisible();
      await expectNoSeriousAxeViolations(friendPage);
      await offer.getByRole('button', { name: /^Accept/ }).click();
      await offer.getByRole('button', { name: 'Yes, accept' }).click();
      await expect(offered.getByRole('status')).not.toBeEmpty();
      // It is theirs now: listed among their plans, and gone from the giver's.
      await expect(
        friendPage
          .getByRole('region', { name: 'Change your plans' })
          .getByRole('listitem')
          .filter({ hasText: event.name }),
      ).toBeVisible();
      await expectInsideScreen(friendPage, 'profile after accepting a place');
    } finally {
      await context.close();
    }
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Change your plans' })
        .getByRole('listitem')
        .filter({ hasText: event.name }),
    ).toHaveCount(0);
  } finally {
    await own.hide();
  }
});

test('a team’s leader swaps a teammate from the profile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const organiser = await organiserAccount(request);
  const own = await createOwnEvent(request, organiser, 'Swap', [
    { participationName: 'Duo', price: 0, minRange: 2, maxRange: 2, placeLimit: 5 },
  ]);
  try {
    const { event } = own;
    const option = event.participations[0]!;
    const [leader, ill, friend] = await Promise.all([
      createVerifiedAccount(request, { first_name: 'Aarav', last_name: 'Shah' }),
      createVerifiedAccount(request, { first_name: 'Vihaan', last_name: 'Rao' }),
      createVerifiedAccount(request, { first_name: 'Diya', last_name: 'Iyer' }),
    ]);
    const registered = await registerFree(request, leader, event.id, option.id, {
      emails: [leader.email, ill.email],
      teamName: 'Swappers',
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await signIn(page, leader);
    await page.goto('/profile');
    const item = page
      .getByRole('region', { name: 'Change your plans' })
      .getByRole('listitem')
      .filter({ hasText: event.name })
      .first();
    await expect(item).toContainText('Vihaan Rao');
    await item.getByRole('button', { name: 'Replace Vihaan Rao' }).click();
    await item.getByLabel("E-mail of the teammate who takes Vihaan Rao's place").fill(friend.email);
    await expectNoSeriousAxeViolations(page);
    await item.getByRole('button', { name: 'Replace Vihaan Rao' }).click();
    await expect(item).toContainText('Diya Iyer');
    await expect(item).not.toContainText('Vihaan Rao');
    await expectInsideScreen(page, 'profile after a team change');

    // The newcomer has the confirmation; the one who left is told.
    await expect.poll(async () => (await outboxFor(request, friend.email)).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await outboxFor(request, ill.email)).map((m) => m.subject).join('\n'))
      .toContain('you are no longer in');
  } finally {
    await own.hide();
  }
});

test('a participant corrects their name and changes their e-mail with a code sent to the new address', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await createVerifiedAccount(request, { first_name: 'Anaya', last_name: 'Kapor' });
  await signIn(page, person);
  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByText('Correct your details or e-mail').click();
  await details.getByLabel('Last name').fill('Kapoor');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details.locator('dd').filter({ hasText: /^Kapoor$/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const newAddress = uniqueEmail('anaya');
  await details.getByRole('button', { name: 'Change e-mail' }).click();
  await details.getByLabel('New e-mail address').fill(newAddress);
  await details.getByRole('button', { name: 'Send me a code' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await outboxFor(request, newAddress)).find((m) =>
        m.subject.includes('confirm your new e-mail address'),
      );
      code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await details.getByLabel(`Code sent to ${newAddress}`).fill(code);
  await details.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(details.locator('dd').filter({ hasText: newAddress })).toBeVisible();
  // The old address is told.
  await expect.poll(async () => (await outboxFor(request, person.email)).length).toBeGreaterThan(1);
  await expectInsideScreen(page, 'profile after correcting details');
  await expectNoSeriousAxeViolations(page);
});
