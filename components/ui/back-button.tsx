'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useIntentPrefetch } from '@/components/nav/intent-prefetch';

const style =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-gold/50 px-5 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10';

/**
 * A back button. With `href` it always leads there (the account screens' "back to /"); without, it goes
 * to the previous page, or to `fallback` when this page was opened directly.
 */
export function BackButton({
  label = 'Back',
  href,
  fallback = '/',
  className = '',
}: {
  label?: string;
  href?: string;
  fallback?: string;
  className?: string;
}) {
  const router = useRouter();
  // A fixed target (the account screens, the profile) is fetched when the visitor reaches for the link.
  const intent = useIntentPrefetch(href ?? fallback);
  const content = (
    <>
      <span aria-hidden="true">←</span> {label}
    </>
  );
  if (href) {
    return (
      <Link href={href} {...intent} className={`${style} ${className}`}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => (window.history.length > 1 ? router.back() : router.push(fallback))}
      className={`${style} ${className}`}
    >
      {content}
    </button>
  );
}
