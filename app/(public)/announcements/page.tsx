import type { Metadata } from 'next';
import { AnnouncementLink } from '@/components/announcements/announcement-link';
import { KeepOfflinePage } from '@/components/offline/keep-offline-page';
import { festival } from '@/lib/festival';
import { formatDateTime } from '@/lib/format';
import { cachedPublicAnnouncements } from '@/lib/server/content-cache';

/*
 * Cached like the other public pages: rendered on the first visit after a build or after an announcement
 * is sent or its banner ends (tag content:announcements), then served from the cache. Only what everyone
 * may read is here: an announcement for a chosen group reaches its people by push and mail alone.
 */
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Announcements',
  description: `News from the ${festival.name} organisers: changes to the schedule, venues and everything on the festival days.`,
  alternates: { canonical: '/announcements' },
};

export default async function AnnouncementsPage() {
  const announcements = await cachedPublicAnnouncements();
  return (
    <main className="mx-auto max-w-3xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-3xl tracking-widest text-gold sm:text-5xl">
        Announcements
      </h1>
      {announcements.length === 0 ? (
        <p className="mt-10 text-center text-lg">
          No announcements yet. News from the organisers will appear here as soon as it is sent.
        </p>
      ) : (
        <ol className="mt-10 flex flex-col gap-6">
          {announcements.map((announcement) => (
            <li key={announcement.id}>
              <article
                aria-labelledby={`announcement-${announcement.id}`}
                className="rounded-2xl border border-gold/25 bg-night/80 p-5"
              >
                <time dateTime={announcement.sentAt} className="text-sm text-parchment/80">
                  {formatDateTime(announcement.sentAt)}
                </time>
                <h2 id={`announcement-${announcement.id}`} className="mt-1 font-display text-2xl text-gold">
                  {announcement.title}
                </h2>
                {/* Plain text: the organiser's line breaks kept, nothing in it read as markup. */}
                <p className="mt-3 whitespace-pre-line break-words">{announcement.body}</p>
                {announcement.link ? (
                  <p className="mt-3">
                    <AnnouncementLink
                      href={announcement.link}
                      label={`More: ${announcement.title}`}
                      className="text-gold underline underline-offset-4"
                    >
                      More
                    </AnnouncementLink>
                  </p>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      {/* Openable without signal once seen (public/sw.js); registers when the browser is idle. */}
      <KeepOfflinePage scope="/announcements" />
    </main>
  );
}
