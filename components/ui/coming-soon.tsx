import Image from 'next/image';
import { BackButton } from './back-button';

/** The Coming soon screen: logo, 'COMING SOON' and a back button. Also stands in for unbuilt screens. */
export function ComingSoon() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 px-6 pt-16 text-center">
      <Image src="/images/logo.svg" alt="Festival logo" width={140} height={140} unoptimized priority />
      <h1 className="font-display text-4xl tracking-[0.3em] text-gold sm:text-6xl">COMING SOON</h1>
      <BackButton />
    </main>
  );
}
