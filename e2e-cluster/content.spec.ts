import { expect, test, type APIRequestContext } from '@playwright/test';
import { organiserAccount } from '../e2e/support/accounts';
import { closeInstances, openInstances, skipWithoutCluster, type Instances } from './support/contexts';

/*
 * Content edited on one instance is what the other serves: an organiser renames an event category through
 * instance A, and instance B's /event and /event/1 and its public read of the categories (all cached whole)
 * show the new name within a second. This needs the content cache
 * shared between instances (the PostgreSQL cache handler, worked on separately): each instance's own
 * in-memory cache would keep serving the old name until it expires.
 */

skipWithoutCluster();

let instances: Instances | undefined;
test.beforeAll(async () => {
  instances = await openInstances();
});
test.afterAll(async () => closeInstances(instances));

test('a category renamed through A shows on B within a second', async ({ request }) => {
  const { a, b } = instances!;
  const organiser = await organiserAccount(request);
  const auth = { authorization: `Bearer ${organiser.token}` };
  const answer = await a.get('/api/admin/event-category/get-event-category');
  const category = ((await answer.json()) as { data: { id: number; name: string }[] }).data[0];
  if (!category) throw new Error('The seed has no event category');

  // B has rendered (and cached) all three with the old name first; the category is number 1.
  const pages = ['/event', '/event/1', '/api/admin/event-category/get-event-category'];
  for (const page of pages) expect(await (await b.get(page)).text()).toContain(category.name);

  const renamed = `Charms ${Date.now()}`;
  try {
    const saved = await a.patch(`/api/admin/event-category/${category.id}`, {
      headers: auth,
      data: { name: renamed },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const editedAt = Date.now();
    const shows = async (instance: APIRequestContext) => {
      const texts = await Promise.all(pages.map(async (page) => (await instance.get(page)).text()));
      return texts.every((text) => text.includes(renamed));
    };
    // The instance that made the change serves it at once; the other one within a second.
    expect(await shows(a)).toBe(true);
    await expect.poll(() => shows(b), { timeout: 1_000, intervals: [100] }).toBe(true);
    expect(Date.now() - editedAt).toBeLessThan(1_500);
  } finally {
    await a.patch(`/api/admin/event-category/${category.id}`, {
      headers: auth,
      data: { name: category.name },
    });
  }
});
