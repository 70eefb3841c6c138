'use client';

import Link from 'next/link';
import { useAuth } from '@/components/auth/auth-provider';

/** The home page's Register button, shown only to signed-out visitors. Its slot keeps its size either way. */
export function RegisterCta() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="flex h-14 items-center justify-center">
      {isAuthenticated ? null : (
        <Link
          href="/register"
          className="inline-flex min-h-12 items-center rounded-full bg-gold px-8 font-display text-lg tracking-widest text-ink shadow-lg shadow-amber-900/40 transition hover:bg-amber-300"
        >
          Register
        </Link>
      )}
    </div>
  );
}
