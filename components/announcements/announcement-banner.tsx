import { firstLine } from '@/lib/announcement-text';
import { AnnouncementLink } from './announcement-link';

export interface BannerContent {
  title: string;
  body: string;
  link: string | null;
}

/**
 * The organisers' banner at the top of the public pages (app/(public)/layout.tsx), or nothing at all: a
 * page without a banner has exactly the markup it had before, and a page with one has it in its server
 * HTML, so neither moves once loaded. No JavaScript of its own.
 */
export function AnnouncementBanner({ banner }: { banner: BannerContent | null }) {
  if (!banner) return null;
  const line = firstLine(banner.body);
  const linkText = banner.link ? 'More' : 'All announcements';
  return (
    <aside aria-label="Announcement" className="px-4 pt-16" data-announcement-banner>
      <div className="mx-auto flex max-w-4xl flex-col gap-1 rounded-2xl border border-gold/50 bg-night px-4 py-3 sm:flex-row sm:items-baseline sm:gap-3">
        <p className="font-display text-lg text-gold">{banner.title}</p>
        {line ? <p className="line-clamp-2 min-w-0 flex-1 text-parchment sm:line-clamp-1">{line}</p> : null}
        <AnnouncementLink
          href={banner.link ?? '/announcements'}
          label={`${linkText}: ${banner.title}`}
          className="shrink-0 text-gold underline underline-offset-4"
        >
          {linkText}
        </AnnouncementLink>
      </div>
    </aside>
  );
}
