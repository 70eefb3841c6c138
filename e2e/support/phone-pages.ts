import { adminSections } from '../../components/admin/admin-sections';

/** The pages every phone check walks (Chromium: e2e/phone-screens.spec.ts; Firefox: e2e-firefox/). */
export const signedOutPages = [
  '/',
  '/event',
  '/event/1',
  '/eventreg',
  '/eventrack',
  '/schedule',
  '/results',
  '/pronite',
  '/team',
  '/sponsers',
  '/contact',
  '/terms-and-condition',
  '/register',
  '/login',
  '/otp',
  '/forgot-password',
  '/reset-password',
  '/leave-team',
  '/coming',
  '/unauthorized',
  '/no-such-page',
];

/** A participant's pages; `eventId` is an event of the first category they registered for. */
export const participantPages = (eventId: number) => [
  '/profile',
  '/merchandise',
  '/accomodation',
  '/event/1',
  `/event/1/register?event=${eventId}`,
  '/schedule',
  '/success',
  '/failure',
];

/** The console's sections the seeded organiser may open (admin-only ones send them to /unauthorized). */
export const organiserPages = [
  '/admin/waiting-lists',
  ...adminSections.filter((s) => !s.adminOnly).map((s) => s.href),
];
