import type { Metadata } from 'next';
import Image from 'next/image';
import { festival } from '@/lib/festival';
import { pagePicture, type PicturePlace } from '@/lib/pictures/first-screen-picture';
import { cachedTeam } from '@/lib/server/content-cache';

// Rendered on the first visit after a build or a change of its content (tag), then served from the cache.
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Team',
  description: `The students who run ${festival.name}: conveners, designers, developers and every crew behind the festival.`,
  alternates: { canonical: '/team' },
};

const linkClass =
  'inline-flex min-h-11 items-center rounded-full border border-gold/40 px-3 text-sm text-gold transition hover:bg-gold/10';

/** The first group's first portrait is the largest paint; two rows of it fill a phone's first screen. */
function portraitPlace(groupIndex: number, memberIndex: number): PicturePlace {
  if (groupIndex > 0) return 'lazy';
  if (memberIndex < 2) return 'largest';
  return memberIndex < 4 ? 'first-screen' : 'eager';
}

export default async function TeamPage() {
  const groups = await cachedTeam();
  return (
    <main className="mx-auto max-w-6xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-5xl tracking-widest text-gold">Team</h1>
      {groups.map((group, groupIndex) => (
        <section
          key={group.teamCategory}
          aria-labelledby={`team-${groupIndex}`}
          className="render-when-near mt-14"
        >
          <h2 id={`team-${groupIndex}`} className="text-center font-display text-3xl text-parchment">
            {group.teamCategory}
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
            {group.teamMembers.map((member, memberIndex) => (
              <li
                key={member.name}
                className="flex flex-col items-center rounded-2xl bg-night/70 p-4 text-center"
              >
                <Image
                  // Always 128 px (h-32 w-32): that width and twice it, for 1x and 2x screens.
                  {...pagePicture(member.imageUrl, portraitPlace(groupIndex, memberIndex))}
                  alt={`Portrait of ${member.name}`}
                  width={128}
                  height={128}
                  className="h-32 w-32 rounded-full border-2 border-gold/50 object-cover"
                />
                <h3 className="mt-3 font-display text-lg">{member.name}</h3>
                <p className="text-base text-parchment/80">{member.designation}</p>
                <div className="mt-2 flex flex-wrap justify-center gap-2">
                  {member.instagramUrl ? (
                    <a
                      href={member.instagramUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      Instagram<span className="sr-only"> of {member.name} (opens in a new tab)</span>
                    </a>
                  ) : null}
                  {member.linkedInUrl ? (
                    <a
                      href={member.linkedInUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      LinkedIn<span className="sr-only"> of {member.name} (opens in a new tab)</span>
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
