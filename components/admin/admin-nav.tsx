'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { adminSections } from './admin-sections';

/** The console's side menu (a scrolling strip on phones); the current section is marked for screen readers too. */
export function AdminNav({ role }: { role: string }) {
  const pathname = usePathname();
  const sections = adminSections.filter((s) => !s.adminOnly || role === 'admin');
  return (
    <nav aria-label="Console" className="overflow-x-auto border-b border-gold/20 lg:border-b-0 lg:border-r">
      <ul className="flex gap-1 p-2 lg:flex-col lg:p-4">
        {sections.map((s) => {
          const current = s.href === '/admin' ? pathname === '/admin' : pathname.startsWith(s.href);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={current ? 'page' : undefined}
                prefetch={false}
                className={`block whitespace-nowrap rounded px-3 py-2 text-base ${
                  current ? 'bg-gold text-ink' : 'text-parchment hover:bg-white/10'
                }`}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
