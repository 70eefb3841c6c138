import type { Metadata } from 'next';
import Link from 'next/link';
import { AnnouncementForm } from '@/components/admin/announcements/announcement-form';
import {
  audienceInWords,
  channelsInWords,
  peopleCount,
  stateInWords,
} from '@/components/admin/announcements/announcement-text';
import { DeliveryCountsList } from '@/components/admin/announcements/delivery-counts';
import { listAnnouncements } from '@/lib/server/announcements/announcements';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { audienceChoices } from './audience-choices';

export const metadata: Metadata = { title: 'Announcements' };

const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';
const h2Class = 'font-display text-2xl text-gold';

export default async function AnnouncementsPage() {
  await requireConsoleUser();
  const db = await getDb();
  const [announcements, choices] = await Promise.all([listAnnouncements(db), audienceChoices(db)]);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Announcements</h1>
      <p className="mt-2 max-w-prose text-parchment">
        A message to everyone or to a group: by push to the devices where people turned notifications on, by
        mail, and as a banner on the public pages. It goes now or at a set time; one not sent yet can be
        cancelled. Open one to follow its delivery, person by person.
      </p>

      <section aria-labelledby="new-heading" className={sectionClass}>
        <h2 id="new-heading" className={h2Class}>
          New announcement
        </h2>
        <div className="mt-4">
          <AnnouncementForm categories={choices.categories} venues={choices.venues} />
        </div>
      </section>

      <section aria-labelledby="sent-heading" className={sectionClass}>
        <h2 id="sent-heading" className={h2Class}>
          Sent and scheduled
        </h2>
        {announcements.length === 0 ? (
          <p className="mt-3 text-parchment/85">No announcements yet.</p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {announcements.map((a) => (
              <li key={a.id} className="rounded-lg border border-white/10 p-3">
                <h3 className="break-words font-display text-xl">
                  <Link
                    href={`/admin/announcements/${a.id}`}
                    prefetch={false}
                    className="text-gold underline underline-offset-4"
                  >
                    {a.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-parchment">
                  {stateInWords(a)}
                  {a.recipients !== null ? ` · ${peopleCount(a.recipients)}` : ''}
                </p>
                <p className="mt-1 break-words text-sm text-parchment/85">
                  {audienceInWords(a.audience, choices.names)} · {channelsInWords(a.channels)}
                </p>
                {a.state === 'sending' ? (
                  <div className="mt-2">
                    <DeliveryCountsList counts={a.counts} channels={a.channels} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
