import type { ReactNode } from 'react';
import { BackButton } from '@/components/ui/back-button';

/**
 * The frame of every account screen: room for the fixed header, a back button, and a parchment-edged card
 * on the night sky holding the heading and the form.
 */
export function AuthCard({
  title,
  intro,
  children,
  wide = false,
  backTo = '/',
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  backTo?: string;
}) {
  return (
    <main className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24">
      <div className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <BackButton href={backTo} />
        <section className="mt-6 rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 backdrop-blur sm:p-8">
          <h1 className="text-center font-display text-2xl leading-tight text-gold sm:text-3xl">{title}</h1>
          {intro ? <div className="mt-3 text-center text-parchment/85">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </section>
      </div>
    </main>
  );
}
