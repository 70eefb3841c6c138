import { expect, test } from '@playwright/test';
import { createVerifiedAccount } from './support/accounts';

/*
 * What a shared cache in front of the site (a CDN, nginx) may keep: only answers that are the same for
 * everyone asking for that address with the headers it keys on. The public pages and their RSC payloads
 * may be kept briefly; Next's redirects of RSC requests and every page behind the sign-in guard may not.
 */

const publicContent = 'public, s-maxage=10, stale-while-revalidate=60';
const privateAnswer = 'private, no-store';

test.describe('what a shared cache may keep', () => {
  test("Next's redirect of an RSC request with a missing or wrong _rsc is private; the payload it leads to is public", async ({
    request,
  }) => {
    const cases: { label: string; query: string; headers: Record<string, string> }[] = [
      { label: 'no _rsc', query: '', headers: { RSC: '1' } },
      { label: 'a prefetch without _rsc', query: '', headers: { RSC: '1', 'Next-Router-Prefetch': '1' } },
      { label: 'a wrong _rsc', query: '?_rsc=wrong', headers: { RSC: '1' } },
    ];
    for (const path of ['/', '/event', '/event/1', '/schedule']) {
      for (const { label, query, headers } of cases) {
        const what = `${path} with ${label}`;
        const redirect = await request.get(`${path}${query}`, { headers, maxRedirects: 0 });
        expect(redirect.status(), what).toBe(307);
        const location = redirect.headers().location ?? '';
        expect(location.startsWith(`${path}?_rsc`), `${what}: ${location}`).toBe(true);
        // Its Location is made for this request's router headers: no one else's may be served it.
        expect(redirect.headers()['cache-control'], what).toBe(privateAnswer);

        // Followed with the same headers, it is the page's RSC payload: as public as the page, with Vary.
        const payload = await request.get(location, { headers, maxRedirects: 0 });
        expect(payload.status(), what).toBe(200);
        expect(payload.headers()['content-type'], what).toContain('text/x-component');
        expect(payload.headers()['cache-control'], what).toBe(publicContent);
        expect(payload.headers().vary, what).toContain('next-router-state-tree');
      }
    }
  });

  test('pages behind the sign-in guard are private, no-store, for the signed-in and the signed-out', async ({
    playwright,
    baseURL,
  }) => {
    // Two contexts: logging in sets the guard's cookie in the context that did it.
    const signedIn = await playwright.request.newContext({ baseURL });
    const signedOut = await playwright.request.newContext({ baseURL });
    try {
      const account = await createVerifiedAccount(signedIn);
      const cookie = { cookie: `token=${account.token}` };
      for (const path of [
        '/merchandise',
        '/merchendise',
        '/accomodation',
        '/success',
        '/failure',
        '/event/1/register',
      ]) {
        const page = await signedIn.get(path, { headers: cookie, maxRedirects: 0 });
        expect(page.status(), `${path}, signed in`).toBe(200);
        expect(page.headers()['cache-control'], `${path}, signed in`).toBe(privateAnswer);
        // Its RSC payload, as the router prefetches it (first sent to the address with the right _rsc).
        const rsc = { RSC: '1', 'Next-Router-Prefetch': '1' };
        const redirect = await signedIn.get(path, { headers: { ...cookie, ...rsc }, maxRedirects: 0 });
        expect(redirect.status(), `${path} (RSC), signed in`).toBe(307);
        expect(redirect.headers()['cache-control'], `${path} (RSC), signed in`).toBe(privateAnswer);
        const payload = await signedIn.get(redirect.headers().location ?? '', {
          headers: { ...cookie, ...rsc },
          maxRedirects: 0,
        });
        expect(payload.status(), `${path} (RSC), signed in`).toBe(200);
        expect(payload.headers()['content-type'], `${path} (RSC), signed in`).toContain('text/x-component');
        expect(payload.headers()['cache-control'], `${path} (RSC), signed in`).toBe(privateAnswer);

        for (const headers of [{}, rsc]) {
          const what = `${path}${'RSC' in headers ? ' (RSC)' : ''}, signed out`;
          const guard = await signedOut.get(path, { headers, maxRedirects: 0 });
          expect(guard.status(), what).toBe(307);
          expect(guard.headers().location, what).toMatch(/\/login$/);
          expect(guard.headers()['cache-control'], what).toBe(privateAnswer);
        }
      }
    } finally {
      await signedIn.dispose();
      await signedOut.dispose();
    }
  });
});
