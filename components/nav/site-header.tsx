'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { SocialLinks } from '@/components/contact/social-icons';
import { useToast } from '@/components/toast/toast-provider';
import { menuItems } from '@/lib/navigation';
import { consoleRoles, guardDecision } from '@/lib/roles';
import { festival } from '@/lib/festival';
import { useLogoRotation } from './use-logo-rotation';
import { useIntentPrefetch } from './intent-prefetch';
import { useScrolledFlag } from './use-scrolled-flag';
import { PreviewMark } from '@/components/preview/preview-mark';

const focusableSelector = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';
const itemClass =
  'block rounded-md px-3 py-2 font-display text-2xl tracking-wide text-parchment transition hover:bg-white/10 hover:text-gold sm:text-3xl';

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const logoRef = useRef<HTMLSpanElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const auth = useAuth();
  const { isAuthenticated, logout } = auth;
  // Organisers and volunteers also get a way into the console: volunteers straight to Attendance, the
  // dashboard being the organisers'.
  const showsConsole =
    guardDecision(
      { isInitialized: auth.isInitialized, isAuthenticated, role: auth.user?.role },
      consoleRoles,
    ) === 'allow';
  const consoleHref = auth.user?.role === 'volunteer' ? '/admin/attendance' : '/admin';
  const { toast } = useToast();
  const router = useRouter();
  useLogoRotation(logoRef);
  useScrolledFlag(headerRef);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  // While open: focus the first item, keep Tab inside the panel, close on Escape, lock page scroll.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(focusableSelector)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const focusable = [toggleRef.current, ...panel.querySelectorAll<HTMLElement>(focusableSelector)].filter(
        (el): el is HTMLElement => el !== null,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
    };
  }, [open, close]);

  async function onLogout() {
    await logout();
    toast({ title: 'Logged Out!' });
    router.push('/');
    setOpen(false);
  }

  // Links answer Enter by themselves; the spec also lets Space open Profile.
  function spaceActivates(e: KeyboardEvent<HTMLAnchorElement>) {
    if (e.key === ' ') {
      e.preventDefault();
      e.currentTarget.click();
    }
  }

  const homeIntent = useIntentPrefetch('/');

  return (
    <header
      ref={headerRef}
      className="fixed inset-x-0 top-0 z-50 flex h-16 items-center justify-between gap-3 px-4 transition-colors data-scrolled:bg-ink/90 data-scrolled:shadow-lg data-scrolled:backdrop-blur sm:px-8"
    >
      <Link
        href="/"
        {...homeIntent}
        aria-label={`${festival.name} home`}
        className="rounded-full"
        onClick={() => setOpen(false)}
      >
        <span ref={logoRef} className="block h-12 w-12 will-change-transform">
          <Image src="/images/logo.svg" alt="" width={48} height={48} unoptimized priority />
        </span>
      </Link>
      <PreviewMark />
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((v) => !v)}
        className="relative z-[70] flex h-12 w-12 flex-col items-center justify-center gap-1.5 rounded-full bg-black/40 backdrop-blur"
      >
        <span className={`h-0.5 w-6 bg-parchment transition ${open ? 'translate-y-2 rotate-45' : ''}`} />
        <span className={`h-0.5 w-6 bg-parchment transition ${open ? 'opacity-0' : ''}`} />
        <span className={`h-0.5 w-6 bg-parchment transition ${open ? '-translate-y-2 -rotate-45' : ''}`} />
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="true"
          aria-label="Site menu"
          className="fixed inset-0 z-[60] overflow-y-auto bg-night/97 px-6 pb-10 pt-24"
        >
          <nav aria-label="Main" className="mx-auto max-w-md">
            <ul className="flex flex-col gap-1">
              {menuItems.map((item) => (
                <li key={item.href}>
                  {item.fullPageLoad ? (
                    <a href={item.href} className={itemClass}>
                      {item.label}
                    </a>
                  ) : (
                    <Link href={item.href} className={itemClass} onClick={() => setOpen(false)}>
                      {item.label}
                    </Link>
                  )}
                </li>
              ))}
              {isAuthenticated ? (
                <>
                  <li>
                    <Link
                      href="/profile"
                      className={itemClass}
                      onClick={() => setOpen(false)}
                      onKeyDown={spaceActivates}
                    >
                      Profile
                    </Link>
                  </li>
                  {showsConsole ? (
                    <li>
                      <Link
                        href={consoleHref}
                        prefetch={false}
                        className={itemClass}
                        onClick={() => setOpen(false)}
                      >
                        Console
                      </Link>
                    </li>
                  ) : null}
                  <li>
                    <button type="button" className={`${itemClass} w-full text-left`} onClick={onLogout}>
                      Logout
                    </button>
                  </li>
                </>
              ) : null}
            </ul>
            <SocialLinks className="mt-8 px-3" />
          </nav>
        </div>
      ) : null}
    </header>
  );
}
