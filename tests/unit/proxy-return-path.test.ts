import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { returnCookieName } from '@/lib/return-path';
import { proxy } from '@/proxy';

/** What a signed-out request for a guarded page gets: where it is sent, and the remembered path if any. */
async function signedOut(path: string, headers: Record<string, string> = {}) {
  const answer = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));
  return {
    location: answer.headers.get('location'),
    remembered: answer.cookies.get(returnCookieName)?.value ?? null,
  };
}

describe('where signing in leads back to (proxy.ts)', () => {
  it('remembers a guarded page the visitor opened, query included', async () => {
    expect(await signedOut('/event/3/register?offer=abc')).toEqual({
      location: 'http://localhost:3000/login',
      remembered: '/event/3/register?offer=abc',
    });
  });

  it('remembers a page reached by a click in the app (an RSC navigation is a visit)', async () => {
    expect((await signedOut('/accomodation', { rsc: '1' })).remembered).toBe('/accomodation');
  });

  it('does not remember a page the router or the browser only prefetched', async () => {
    const prefetches: Record<string, string>[] = [
      { rsc: '1', 'next-router-prefetch': '1' },
      { rsc: '1', 'next-router-segment-prefetch': '/_tree' },
      { 'sec-purpose': 'prefetch' },
      { purpose: 'prefetch' },
    ];
    for (const headers of prefetches) {
      const answer = await signedOut('/merchandise', headers);
      expect(answer, JSON.stringify(headers)).toEqual({
        location: 'http://localhost:3000/login',
        remembered: null,
      });
    }
  });
});
