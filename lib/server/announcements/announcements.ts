import 'server-only';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { festivalTitle } from '@/lib/festival';
import type { Audience, CreateAnnouncement } from '@/lib/schemas/announcements';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChangedAnywhere, contentTags } from '@/lib/server/content-tags';
import type { Db, Tx } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { announcementDeliveries, announcements } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { env } from '@/lib/server/env';
import { mailLayout, escapeHtml } from '@/lib/server/mail/layout';
import { newMailState } from '@/lib/server/mail/mail-service';
import { queuePushes } from '@/lib/server/push/push-queue';
import { audienceUserIds } from './audience';

/*
 * Organisers' announcements (docs/announcements.md). Sending one fixes its audience once, in one
 * transaction: the state moves from scheduled to sending (which only one instance can do), one delivery
 * row per person and channel is written (their primary key refuses a second), the mails go into the
 * outbox and the pushes into the push queue. From there the outbox and the queue deliver them at their
 * own pace, on whichever instances run, and the delivery log reads their progress.
 */

type AnnouncementRow = typeof announcements.$inferSelect;

export interface AnnouncementView {
  id: string;
  title: string;
  body: string;
  link: string | null;
  audience: Audience;
  channels: AnnouncementRow['channels'];
  state: AnnouncementRow['state'];
  sendAt: string;
  bannerUntil: string | null;
  recipients: number | null;
  createdByEmail: string;
  createdAt: string;
  sentAt: string | null;
}

function view(row: AnnouncementRow): AnnouncementView {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    audience: row.audience as Audience,
    channels: row.channels,
    state: row.state,
    sendAt: row.sendAt.toISOString(),
    bannerUntil: row.bannerUntil?.toISOString() ?? null,
    recipients: row.recipients,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Writes an announcement, in the audit log too, and sends it at once when it is due (no send time, or one
 * already past). A send time more than a year ahead is refused as a typing slip.
 */
export async function createAnnouncement(
  db: Db,
  actor: Actor,
  input: CreateAnnouncement,
): Promise<AnnouncementView> {
  const now = Date.now();
  const sendAt = input.sendAt ? new Date(input.sendAt) : new Date(now);
  if (sendAt.getTime() > now + 366 * 24 * 3600_000) {
    throw new AppError('invalid_input', 'The send time must be within a year.', {
      fieldErrors: { sendAt: 'The send time must be within a year.' },
    });
  }
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        audience: input.audience,
        channels: input.channels,
        state: 'scheduled',
        sendAt,
        bannerUntil: input.channels.includes('banner')
          ? new Date(sendAt.getTime() + input.bannerHours * 3600_000)
          : null,
        createdBy: actor.id,
        createdByEmail: actor.email,
      })
      .returning();
    if (!created) throw new Error('announcement insert returned no row');
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'announcement',
      entityId: created.id,
      after: view(created),
    });
    return sendAt.getTime() <= now ? ((await startSending(tx, created.id)) ?? created) : created;
  });
  if (row.state === 'sending') await contentChangedAnywhere(db, contentTags.announcements);
  return view(row);
}

/** Withdraws an announcement that has not gone out yet. */
export async function cancelAnnouncement(db: Db, actor: Actor, id: string): Promise<AnnouncementView> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!before) throw new AppError('not_found', 'No such announcement.');
    if (before.state !== 'scheduled') {
      throw new AppError(
        'conflict',
        before.state === 'cancelled'
          ? 'This announcement is already cancelled.'
          : 'This announcement has already been sent.',
      );
    }
    const [after] = await tx
      .update(announcements)
      .set({ state: 'cancelled', cancelledAt: new Date() })
      .where(eq(announcements.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'cancel',
      entity: 'announcement',
      entityId: id,
      before: view(before),
      after: after && view(after),
    });
    return after!;
  });
  return view(row);
}

/** Takes the banner of a sent announcement down now. */
export async function endBanner(db: Db, actor: Actor, id: string): Promise<AnnouncementView> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!before) throw new AppError('not_found', 'No such announcement.');
    if (!before.bannerUntil || before.bannerUntil.getTime() <= Date.now()) {
      throw new AppError('conflict', 'This announcement has no banner up.');
    }
    const [after] = await tx
      .update(announcements)
      .set({ bannerUntil: new Date() })
      .where(eq(announcements.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'end_banner',
      entity: 'announcement',
      entityId: id,
      before: view(before),
      after: after && view(after),
    });
    return after!;
  });
  await contentChangedAnywhere(db, contentTags.announcements);
  return view(row);
}

/**
 * Fixes the audience of a due announcement and queues its messages, inside `tx`. Returns the updated row,
 * or null when it was not scheduled any more (another instance sent it, or it was cancelled).
 */
async function startSending(tx: Tx, id: string): Promise<AnnouncementRow | null> {
  const [row] = await tx
    .update(announcements)
    .set({ state: 'sending', sentAt: new Date() })
    .where(and(eq(announcements.id, id), eq(announcements.state, 'scheduled')))
    .returning();
  if (!row) return null;
  const people = audienceUserIds(row.audience as Audience);
  if (row.channels.includes('push')) {
    await queryRows(
      tx,
      sql`insert into announcement_deliveries (announcement_id, user_id, channel, unreachable)
        select ${id}::uuid, u.id, 'push',
          case when exists (select 1 from push_subscriptions s where s.user_id = u.id) then null
               else 'No device has notifications turned on.' end
        from users u where u.id in (${people})
        on conflict do nothing`,
    );
    await queuePushes(tx, {
      key: pushKey(id),
      userIds: people,
      payload: { title: row.title, body: row.body, url: row.link ?? '/announcements', tag: pushKey(id) },
    });
  }
  if (row.channels.includes('mail')) {
    const mail = announcementMail(row);
    await queryRows(
      tx,
      sql`with queued as (
          insert into mail_outbox ("to", subject, text, html, attachments, state, next_attempt_at, at_most_once)
          select u.email, ${mail.subject}, ${mail.text}, ${mail.html}, '[]'::jsonb, ${newMailState()}, now(), true
          from users u where u.id in (${people})
          returning id, "to")
        insert into announcement_deliveries (announcement_id, user_id, channel, mail_id)
        select ${id}::uuid, u.id, 'mail', q.id from queued q join users u on u.email = q."to"
        on conflict do nothing`,
    );
  }
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from users u where u.id in (${people})`,
  );
  const [updated] = await tx
    .update(announcements)
    .set({ recipients: counted?.n ?? 0 })
    .where(eq(announcements.id, id))
    .returning();
  return updated ?? row;
}

export const pushKey = (announcementId: string) => `announcement:${announcementId}`;

function announcementMail(row: AnnouncementRow): { subject: string; text: string; html: string } {
  const link = row.link ? absolute(row.link) : null;
  const text = [row.body, link ? `\n${link}` : '', `\nAll announcements: ${absolute('/announcements')}`].join(
    '\n',
  );
  const html = mailLayout(
    row.title,
    `<h2 style="font-size:18px">${escapeHtml(row.title)}</h2><p>${row.body.split('\n').map(escapeHtml).join('<br>')}</p>` +
      (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '') +
      `<p style="font-size:13px"><a href="${escapeHtml(absolute('/announcements'))}">All announcements</a></p>`,
  );
  return { subject: `${festivalTitle}: ${row.title}`, text, html };
}

function absolute(link: string): string {
  return link.startsWith('/') ? new URL(link, env().SITE_URL).toString() : link;
}

/**
 * Sends the scheduled announcements whose time has come, each in its own transaction. Rows are taken with
 * SKIP LOCKED, so instances and the cron running at once each take different ones.
 */
export async function sendDueAnnouncements(db: Db): Promise<number> {
  let sent = 0;
  for (;;) {
    const started = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(eq(announcements.state, 'scheduled'), lte(announcements.sendAt, new Date())))
        .orderBy(announcements.sendAt)
        .limit(1)
        .for('update', { skipLocked: true });
      return due ? startSending(tx, due.id) : null;
    });
    if (!started) break;
    sent += 1;
  }
  if (sent > 0) await contentChangedAnywhere(db, contentTags.announcements);
  return sent;
}

/**
 * Marks the public pages stale once a banner's time is over, so the cached pages drop it: one instance
 * flips banner_ended and makes the one revalidation.
 */
export async function endLapsedBanners(db: Db): Promise<number> {
  const ended = await db
    .update(announcements)
    .set({ bannerEnded: true })
    .where(and(eq(announcements.bannerEnded, false), lte(announcements.bannerUntil, new Date())))
    .returning({ id: announcements.id });
  if (ended.length > 0) await contentChangedAnywhere(db, contentTags.announcements);
  return ended.length;
}

/** The console's list, newest first, with each announcement's delivery counts. */
export async function listAnnouncements(
  db: Db,
  limit = 100,
): Promise<(AnnouncementView & { counts: DeliveryCounts })[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.createdAt)).limit(limit);
  const counts = await deliveryCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...view(r), counts: counts.get(r.id) ?? emptyCounts() }));
}

export async function getAnnouncement(
  db: Db,
  id: string,
): Promise<(AnnouncementView & { counts: DeliveryCounts }) | null> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) return null;
  const counts = await deliveryCounts(db, [id]);
  return { ...view(row), counts: counts.get(id) ?? emptyCounts() };
}

/** Per channel, how many people are in each state of the delivery log. */
export type DeliveryCounts = Record<
  'push' | 'mail',
  Record<'queued' | 'sent' | 'delivered' | 'failed' | 'unreachable', number>
>;

function emptyCounts(): DeliveryCounts {
  const states = () => ({ queued: 0, sent: 0, delivered: 0, failed: 0, unreachable: 0 });
  return { push: states(), mail: states() };
}

/**
 * Each person's state on each channel, derived where it lives: a mail's from its outbox row (pending:
 * queued; sent, or kept in a preview's outbox: sent; failed or expired: failed), a push's from its queue
 * rows, one per device (any accepted: delivered; any waiting: queued; all refused: failed; every device
 * gone, or none to begin with: unreachable).
 */
const deliveryStateSql = sql`
  case d.channel
    when 'mail' then case m.state when 'pending' then 'queued' when 'sent' then 'sent' when 'kept' then 'sent'
                                  when 'failed' then 'failed' when 'expired' then 'failed' else 'failed' end
    else case
      when d.unreachable is not null then 'unreachable'
      when bool_or(p.state = 'delivered') then 'delivered'
      when bool_or(p.state = 'pending') then 'queued'
      when bool_or(p.state = 'failed') then 'failed'
      else 'unreachable' end
  end`;

const deliveryReasonSql = sql`
  case d.channel
    when 'mail' then case when m.id is null then 'The mail is no longer in the outbox.' else m.last_error end
    else coalesce(d.unreachable,
      case when bool_or(p.state in ('delivered', 'pending')) then null
           when count(p.id) = 0 then 'Every device turned notifications off.'
           else max(p.last_error) end)
  end`;

/** Each delivery row with its mail and push rows, grouped per person and channel (and with their name). */
function deliveriesFrom(announcementIds: string[], withPeople = false) {
  return sql`from announcement_deliveries d
    ${withPeople ? sql`join users u on u.id = d.user_id` : sql``}
    left join mail_outbox m on m.id = d.mail_id
    left join push_queue p on d.channel = 'push' and p.key = 'announcement:' || d.announcement_id::text and p.user_id = d.user_id
    where d.announcement_id in (${sql.join(
      announcementIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by d.announcement_id, d.user_id, d.channel, d.unreachable, m.id, m.state, m.last_error
      ${withPeople ? sql`, u.first_name, u.last_name, u.email` : sql``}`;
}

async function deliveryCounts(db: Db, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const result = new Map<string, DeliveryCounts>();
  if (ids.length === 0) return result;
  const rows = await queryRows<{
    announcement_id: string;
    channel: 'push' | 'mail';
    state: keyof DeliveryCounts['push'];
    n: number;
  }>(
    db,
    sql`select announcement_id, channel, state, count(*)::int as n from (
          select d.announcement_id, d.channel, ${deliveryStateSql} as state ${deliveriesFrom(ids)}
        ) per_person group by announcement_id, channel, state`,
  );
  for (const row of rows) {
    const counts = result.get(row.announcement_id) ?? emptyCounts();
    counts[row.channel][row.state] = row.n;
    result.set(row.announcement_id, counts);
  }
  return result;
}

export interface DeliveryLogRow {
  name: string;
  email: string;
  channel: 'push' | 'mail';
  state: keyof DeliveryCounts['push'];
  reason: string | null;
  devices: number;
}

export const deliveryLogPageSize = 100;

/** One page of an announcement's delivery log, by name, optionally one channel or state only. */
export async function deliveryLog(
  db: Db,
  id: string,
  filter: { channel?: 'push' | 'mail'; state?: DeliveryLogRow['state']; page?: number },
): Promise<{ rows: DeliveryLogRow[]; total: number }> {
  const page = filter.page ?? 1;
  const rows = await queryRows<DeliveryLogRow & { total: number }>(
    db,
    sql`select name, email, channel, state, reason, devices, count(*) over ()::int as total from (
          select u.first_name || ' ' || u.last_name as name, u.email, d.channel,
                 ${deliveryStateSql} as state, ${deliveryReasonSql} as reason, count(p.id)::int as devices
          ${deliveriesFrom([id], true)}
        ) log
        where (${filter.channel ?? null}::text is null or channel = ${filter.channel ?? null})
          and (${filter.state ?? null}::text is null or state = ${filter.state ?? null})
        order by name, email, channel
        limit ${deliveryLogPageSize} offset ${(page - 1) * deliveryLogPageSize}`,
  );
  return {
    rows: rows.map((row) => ({
      name: row.name,
      email: row.email,
      channel: row.channel,
      state: row.state,
      reason: row.reason,
      devices: row.devices,
    })),
    total: rows[0]?.total ?? 0,
  };
}

export interface AudiencePreview {
  recipients: number;
  /** People with at least one device that has notifications on, and those devices. */
  withDevice: number;
  devices: number;
  sample: { name: string; email: string }[];
}

/** Who an audience holds now, and how many a push can reach: what the organiser sees before sending. */
export async function previewAudience(db: Db, audience: Audience): Promise<AudiencePreview> {
  const people = audienceUserIds(audience);
  const [counts] = await queryRows<{ recipients: number; with_device: number; devices: number }>(
    db,
    sql`select count(*)::int as recipients,
          count(*) filter (where exists (select 1 from push_subscriptions s where s.user_id = u.id))::int as with_device,
          (select count(*)::int from push_subscriptions s where s.user_id in (${people})) as devices
        from users u where u.id in (${people})`,
  );
  const sample = await queryRows<{ name: string; email: string }>(
    db,
    sql`select u.first_name || ' ' || u.last_name as name, u.email from users u where u.id in (${people})
        order by u.first_name, u.last_name, u.email limit 10`,
  );
  return {
    recipients: counts?.recipients ?? 0,
    withDevice: counts?.with_device ?? 0,
    devices: counts?.devices ?? 0,
    sample,
  };
}

export interface PublicAnnouncement {
  id: string;
  title: string;
  body: string;
  link: string | null;
  sentAt: string;
}

function publicView(
  row: Pick<AnnouncementRow, 'id' | 'title' | 'body' | 'link' | 'sentAt'>,
): PublicAnnouncement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    sentAt: (row.sentAt ?? new Date(0)).toISOString(),
  };
}

const publicColumns = {
  id: announcements.id,
  title: announcements.title,
  body: announcements.body,
  link: announcements.link,
  sentAt: announcements.sentAt,
};

/**
 * The public page's announcements, newest first: the ones sent to everyone, and the ones shown as a
 * banner. An announcement for a chosen group (an event's registrants, stay holders) is theirs alone, in
 * their profile.
 */
export async function publicAnnouncements(db: Db, limit = 50): Promise<PublicAnnouncement[]> {
  const rows = await db
    .select(publicColumns)
    .from(announcements)
    .where(
      and(
        eq(announcements.state, 'sending'),
        sql`(${announcements.audience} ->> 'kind' = 'everyone' or 'banner' = any(${announcements.channels}))`,
      ),
    )
    .orderBy(desc(announcements.sentAt))
    .limit(limit);
  return rows.map(publicView);
}

/** The banner on public pages now: the newest sent announcement whose banner is still up, or null. */
export async function currentBanner(
  db: Db,
  now = new Date(),
): Promise<(PublicAnnouncement & { until: string }) | null> {
  const [row] = await db
    .select({ ...publicColumns, until: announcements.bannerUntil })
    .from(announcements)
    .where(and(eq(announcements.state, 'sending'), gt(announcements.bannerUntil, now)))
    .orderBy(desc(announcements.sentAt))
    .limit(1);
  return row?.until ? { ...publicView(row), until: row.until.toISOString() } : null;
}

/** The announcements sent to this person (by push or mail), newest first. */
export async function myAnnouncements(db: Db, userId: string, limit = 30): Promise<PublicAnnouncement[]> {
  const rows = await db
    .selectDistinct(publicColumns)
    .from(announcements)
    .innerJoin(announcementDeliveries, eq(announcementDeliveries.announcementId, announcements.id))
    .where(and(eq(announcementDeliveries.userId, userId), inArray(announcements.state, ['sending'])))
    .orderBy(desc(announcements.sentAt))
    .limit(limit);
  return rows.map(publicView);
}
