import type { ReactNode } from 'react';
import { AnnouncementBanner } from '@/components/announcements/announcement-banner';
import { bannerUpAt } from '@/lib/announcement-text';
import { cachedBanner } from '@/lib/server/content-cache';

/*
 * The public pages' frame (the route group adds nothing to their addresses): the organisers' banner above
 * each page while one is up. The account screens, the shop and the console are outside the group and
 * never show it. The banner's read is cached and tagged (content:announcements), so the pages stay cached
 * too, and the server marks them stale when a banner goes up or comes down.
 */
export default async function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AnnouncementBanner banner={await bannerUpNow()} />
      {children}
    </>
  );
}

/**
 * The banner still up at the time of this render. The cached answer may have been read before its `until`
 * and this render come after it, in the seconds before the server marks the pages stale.
 */
async function bannerUpNow() {
  return bannerUpAt(await cachedBanner(), Date.now());
}
