/** Full-height black page with an animated loader, shown while sign-in state is not known yet. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-black">
      <span className="loader-orb" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
