'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { isCurrentSection, sectionGroupsFor, type AdminSectionGroup } from './admin-sections';

/**
 * The console's menu, its sections in groups (the festival day's first). On a wide screen it is a side
 * column that is always open; on a phone it folds behind one button that names the current section, since
 * fifteen sections in a sideways strip hid the gate's Check-in off screen. The current section is marked
 * with aria-current for screen readers too.
 */
export function AdminNav({ role }: { role: string }) {
  const pathname = usePathname();
  const groups = sectionGroupsFor(role);
  const current = groups.flatMap((g) => g.sections).find((s) => isCurrentSection(s, pathname));
  // The address the phone menu was opened at: it is open only there, so going to any other page (through
  // the menu or a link in the page) folds it again without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    setOpenedAt(null);
    toggleRef.current?.focus();
  }

  return (
    <nav
      aria-label="Console"
      onKeyDown={closeOnEscape}
      className="border-b border-gold/20 lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-r"
    >
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenedAt(open ? null : pathname)}
        className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-2 text-left lg:hidden"
      >
        <span>
          <span className="block text-sm text-parchment/80">Console sections</span>
          <span className="block font-display text-lg text-gold">{current?.label ?? 'Choose a section'}</span>
        </span>
        <span aria-hidden="true" className="text-gold">
          {open ? '▲' : '▼'}
        </span>
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} px-2 pb-3 lg:block lg:p-4`}>
        {groups.map((group) => (
          <SectionGroup
            key={group.label}
            group={group}
            pathname={pathname}
            onChoose={() => setOpenedAt(null)}
          />
        ))}
      </div>
    </nav>
  );
}

/** One group's label and links: two columns on a phone so the whole menu fits its first screen. */
function SectionGroup({
  group,
  pathname,
  onChoose,
}: {
  group: AdminSectionGroup;
  pathname: string;
  onChoose: () => void;
}) {
  const labelId = useId();
  return (
    <div className="mt-2 first:mt-0">
      <p id={labelId} className="px-3 py-1 text-xs uppercase tracking-widest text-parchment/70">
        {group.label}
      </p>
      <ul aria-labelledby={labelId} className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-1">
        {group.sections.map((s) => {
          const current = isCurrentSection(s, pathname);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={current ? 'page' : undefined}
                prefetch={false}
                onClick={onChoose}
                className={`flex min-h-11 items-center whitespace-nowrap rounded px-3 py-2 text-base ${
                  current ? 'bg-gold text-ink' : 'text-parchment hover:bg-white/10'
                }`}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
