import type { Metadata } from 'next';
import { GuardedPage } from '@/components/auth/guarded-page';
import { ProfileView } from '@/components/profile/profile-view';
import { BackButton } from '@/components/ui/back-button';
import { festivalTitle } from '@/lib/festival';
import { requestViewer } from '@/lib/server/auth/request-viewer';
import { readProfileForPage } from '@/lib/server/profile-page';

export const metadata: Metadata = {
  title: 'Profile',
  description: `Your ${festivalTitle} profile: your details, registered events and accommodation.`,
  robots: { index: false },
};

// Rendered per request for its visitor (the guard cookie), with every section's data read for them.
export default async function ProfilePage() {
  const user = await requestViewer();
  const fromServer = user ? await readProfileForPage(user.userId) : null;
  return (
    <GuardedPage user={user}>
      <main className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24">
        <div className="mx-auto w-full max-w-2xl">
          <BackButton href="/" />
          <h1 className="mb-6 mt-6 text-center font-display text-3xl text-gold sm:text-4xl">Your Profile</h1>
          <ProfileView fromServer={fromServer} />
        </div>
      </main>
    </GuardedPage>
  );
}
