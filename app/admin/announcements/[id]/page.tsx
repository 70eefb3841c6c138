import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AnnouncementActions } from '@/components/admin/announcements/announcement-actions';
import {
  audienceInWords,
  channelsInWords,
  peopleCount,
  stateInWords,
} from '@/components/admin/announcements/announcement-text';
import { DeliveryCountsList } from '@/components/admin/announcements/delivery-counts';
import { DeliveryLog, type DeliveryLogFilter } from '@/components/admin/announcements/delivery-log';
import { RefreshWhileQueued } from '@/components/admin/announcements/refresh-while-queued';
import { formatDateTime } from '@/lib/format';
import { deliveryLogQuerySchema } from '@/lib/schemas/announcements';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { deliveryLog, deliveryLogPageSize, getAnnouncement } from '@/lib/server/announcements/announcements';
import { getDb } from '@/lib/server/db';
import { audienceChoices } from '../audience-choices';

export const metadata: Metadata = { title: 'Announcement' };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';
const h2Class = 'font-display text-2xl text-gold';

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The log's filter from the address. The filter form sends an empty value for "any", and a filter that
 * cannot be read (an edited address) shows the whole log with a note rather than an error page.
 */
function logFilter(query: Record<string, string | string[] | undefined>) {
  const given = Object.fromEntries(
    ['channel', 'state', 'page'].flatMap((key) => {
      const value = query[key];
      return typeof value === 'string' && value !== '' ? [[key, value]] : [];
    }),
  );
  const parsed = deliveryLogQuerySchema.safeParse(given);
  return parsed.success
    ? { filter: parsed.data as DeliveryLogFilter, problem: null }
    : { filter: { page: 1 }, problem: parsed.error.issues[0]?.message ?? 'The filter was not understood.' };
}

/** A sent announcement whose banner's time is not over: the public pages show it now. */
function bannerIsUp(announcement: { state: string; bannerUntil: string | null }): boolean {
  return (
    announcement.state === 'sending' &&
    announcement.bannerUntil !== null &&
    new Date(announcement.bannerUntil).getTime() > Date.now()
  );
}

export default async function AnnouncementPage({ params, searchParams }: Props) {
  await requireConsoleUser();
  const { id } = await params;
  if (!uuidPattern.test(id)) notFound();
  const db = await getDb();
  const announcement = await getAnnouncement(db, id);
  if (!announcement) notFound();
  const { filter, problem } = logFilter(await searchParams);
  const [log, choices] = await Promise.all([deliveryLog(db, id, filter), audienceChoices(db)]);
  const { counts } = announcement;
  const anyQueued = counts.push.queued + counts.mail.queued > 0;
  const bannerUp = bannerIsUp(announcement);
  const basePath = `/admin/announcements/${id}`;

  return (
    <main>
      {anyQueued ? <RefreshWhileQueued /> : null}
      <p>
        <Link
          href="/admin/announcements"
          prefetch={false}
          className="inline-flex min-h-6 items-center text-gold underline underline-offset-4"
        >
          All announcements
        </Link>
      </p>
      <h1 className="mt-2 break-words font-display text-3xl text-gold">{announcement.title}</h1>
      <p className="mt-1 text-parchment">
        {stateInWords(announcement)}
        {announcement.recipients !== null ? ` to ${peopleCount(announcement.recipients)}` : ''}
      </p>

      <section aria-labelledby="message-heading" className={sectionClass}>
        <h2 id="message-heading" className={h2Class}>
          Message
        </h2>
        <p className="mt-2 whitespace-pre-line break-words text-parchment">{announcement.body}</p>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="text-gold">Link</dt>
          <dd className="break-all">{announcement.link ?? 'None'}</dd>
          <dt className="text-gold">Audience</dt>
          <dd className="break-words">{audienceInWords(announcement.audience, choices.names)}</dd>
          <dt className="text-gold">Channels</dt>
          <dd>{channelsInWords(announcement.channels)}</dd>
          {announcement.bannerUntil ? (
            <>
              <dt className="text-gold">Banner</dt>
              <dd>
                {bannerUp || announcement.state === 'scheduled' ? 'Up until ' : 'Ended '}
                {formatDateTime(announcement.bannerUntil)}
              </dd>
            </>
          ) : null}
          <dt className="text-gold">Written by</dt>
          <dd className="break-words">
            {announcement.createdByEmail}, {formatDateTime(announcement.createdAt)}
          </dd>
        </dl>
        <AnnouncementActions
          id={announcement.id}
          title={announcement.title}
          canCancel={announcement.state === 'scheduled'}
          canEndBanner={bannerUp}
        />
      </section>

      {announcement.state === 'sending' ? (
        <section aria-labelledby="counts-heading" className={sectionClass}>
          <h2 id="counts-heading" className={h2Class}>
            Delivery
          </h2>
          <div className="mt-2">
            <DeliveryCountsList counts={counts} channels={announcement.channels} />
          </div>
          {anyQueued ? (
            <p className="mt-2 text-sm text-parchment/80">Still sending: this page updates by itself.</p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="log-heading" className={sectionClass}>
        <h2 id="log-heading" className={h2Class}>
          Delivery log
        </h2>
        {problem ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {problem} Showing the whole log.
          </p>
        ) : null}
        {announcement.state === 'sending' ? (
          <DeliveryLog
            basePath={basePath}
            rows={log.rows}
            total={log.total}
            pageSize={deliveryLogPageSize}
            filter={filter}
          />
        ) : (
          <p className="mt-2 text-parchment/85">
            {announcement.state === 'scheduled'
              ? 'Nothing is sent yet: the log fills when it goes out.'
              : 'It was cancelled before it went out: nobody was sent anything.'}
          </p>
        )}
      </section>
    </main>
  );
}
