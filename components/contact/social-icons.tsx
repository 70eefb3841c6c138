import { festival } from '@/lib/festival';

/** Simple line icons drawn for the site (camera, play button, "f" badge). */
const icons: Record<string, React.ReactNode> = {
  Instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
    </>
  ),
  YouTube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </>
  ),
  Facebook: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M13 20v-7h2.5l.4-3H13V8.6c0-.8.3-1.4 1.4-1.4H16V4.6a18 18 0 0 0-2.3-.1c-2.3 0-3.7 1.4-3.7 3.9V10H7.6v3H10v7"
        fill="currentColor"
      />
    </>
  ),
};

/** The festival's three social links; each opens in a new tab. */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex items-center gap-4 ${className}`}>
      {festival.social.map((s) => (
        <li key={s.label}>
          <a
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${festival.name} on ${s.label} (opens in a new tab)`}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gold transition hover:bg-white/10"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              {icons[s.label]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
