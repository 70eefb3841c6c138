'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { setNavState } from '@/lib/nav-state';

/** Link to the Nth category's events, carrying the category id as navigation state (SPEC.md part 2). */
export function CategoryLink({
  position,
  categoryId,
  className,
  children,
}: {
  position: number;
  categoryId: number;
  className?: string;
  children: ReactNode;
}) {
  const href = `/event/${position}`;
  return (
    <Link href={href} className={className} onClick={() => setNavState(href, { categoryId })}>
      {children}
    </Link>
  );
}
