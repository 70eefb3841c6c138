import Link from 'next/link';
import type { ReactNode } from 'react';
import { isSiteLink } from '@/lib/announcement-text';

/** An announcement's link: a page of this site through the router, an https address as a plain link. */
export function AnnouncementLink({
  href,
  label,
  className,
  children,
}: {
  href: string;
  /** The link's name for a screen reader, which reads it out of its context: "More: {title}". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  if (isSiteLink(href)) {
    // Not fetched on sight: a banner is on every public page, and most visitors never follow it.
    return (
      <Link href={href} prefetch={false} aria-label={label} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} aria-label={label} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}
