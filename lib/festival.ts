/**
 * Festival identity: the one place that names the festival, its dates, venue, contacts and links.
 * Everything shown to visitors about "who and where" reads from here; nothing else hard-codes it.
 * All names and contacts are fictional placeholders.
 */
export const festival = {
  name: 'Aetherfest',
  year: 2027,
  tagline: 'Four nights of spells, stages and sport',
  description:
    'Aetherfest is a four-day cultural and technical festival where the campus turns into a castle of ' +
    'wonders: 72 games, competitions in code, craft and performance, and three concert nights under ' +
    'the Gandhinagar sky.',
  /** First and last festival day, ISO dates (local time in India). */
  startDate: '2027-02-20',
  endDate: '2027-02-23',
  concertNights: 3,
  games: 72,
  timeZone: 'Asia/Kolkata',
  venue: {
    name: 'Aetherfest Grounds, University Campus',
    street: 'Knowledge Corridor, Sector 10',
    city: 'Gandhinagar',
    region: 'Gujarat',
    postalCode: '382010',
    country: 'India',
  },
  /** Default institute e-mail domain; the INSTITUTE_EMAIL_DOMAIN variable overrides it on the server. */
  defaultInstituteEmailDomain: 'daiict.ac.in',
  coreTeamContact: { name: 'Ishaan Vora', phone: '+91 90000 12345' },
  emails: ['hello@aetherfest.example', 'partners@aetherfest.example'] as const,
  social: [
    { label: 'Instagram', href: 'https://www.instagram.com/aetherfest.example' },
    { label: 'YouTube', href: 'https://www.youtube.com/@aetherfest.example' },
    { label: 'Facebook', href: 'https://www.facebook.com/aetherfest.example' },
  ] as const,
} as const;

export const festivalTitle = `${festival.name} ${festival.year}`;

export function venueLine(): string {
  const v = festival.venue;
  return `${v.street}, ${v.city}, ${v.region} ${v.postalCode}, ${v.country}`;
}
