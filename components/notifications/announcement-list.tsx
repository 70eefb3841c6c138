import { textLinkClass } from '@/components/forms/field-classes';
import type { MyAnnouncement } from './notifications-api';

const sentFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

function sentAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : sentFormat.format(date);
}

/** Only a path of this site or an https address becomes a link (the same rule as a tap on a push). */
function safeHref(link: string | null): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  return /^https:\/\//i.test(link) ? link : null;
}

/** The announcements addressed to the person, newest first, each with when it was sent. */
export function AnnouncementList({ announcements }: { announcements: MyAnnouncement[] }) {
  const newestFirst = [...announcements].sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
  if (newestFirst.length === 0) return <p className="text-parchment/80">No announcements for you yet.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {newestFirst.map((announcement) => {
        const href = safeHref(announcement.link);
        return (
          <li key={announcement.id} className="rounded-xl border border-gold/20 bg-black/30 p-4">
            <h4 className="font-display text-gold">{announcement.title}</h4>
            <p className="text-sm text-parchment/70">
              <time dateTime={announcement.sentAt}>{sentAt(announcement.sentAt)}</time>
            </p>
            <p className="mt-2 whitespace-pre-line break-words">{announcement.body}</p>
            {href ? (
              <p className="mt-2">
                <a href={href} className={textLinkClass}>
                  Read more<span className="sr-only">: {announcement.title}</span>
                </a>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
