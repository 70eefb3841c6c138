import 'server-only';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { festivalTitle } from '@/lib/festival';
import type { Db } from '@/lib/server/db';
import { mailOutbox } from '@/lib/server/db/schema';
import { env, usesOutbox } from '@/lib/server/env';
import { logger } from '@/lib/server/log';

/*
 * Every mail is written to the mail_outbox table first, then handed to SMTP. A send that fails stays
 * 'pending' and is retried with back-off by deliverDueMail, so a briefly unreachable SMTP server loses
 * nothing. Without SMTP_URL the message is 'kept' and shown at /dev/mail instead.
 */

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Raw bytes or text; stored base64-encoded. */
  content: Buffer | string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const maxMailAttempts = 8;

/** Minutes to wait after the n-th failed attempt: 1, 2, 4, ... capped at 60. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/**
 * How long a claimed message belongs to the run that claimed it (sendMail's first attempt, or a
 * deliverDueMail batch): no other run picks it up before then, and a batch stops starting sends a minute
 * before its lease ends. A process that dies mid-send leaves the message to be retried once it passes.
 */
export const mailLeaseMs = 5 * 60_000;
const leaseMarginMs = 60_000;

let transport: Transporter | undefined;
let transportOverride: Transporter | undefined;

function smtpTransport(): Transporter {
  if (transportOverride) return transportOverride;
  transport ??= nodemailer.createTransport({
    url: env().SMTP_URL,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return transport;
}

/** Tests point delivery at their own SMTP server or a failing transport. */
export function setMailTransportForTests(t: Transporter | undefined): void {
  transportOverride = t;
  transport = undefined;
}

function fromAddress(): string {
  return env().MAIL_FROM ?? `"${festivalTitle}" <no-reply@aetherfest.example>`;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

async function deliver(db: Db, row: OutboxRow): Promise<boolean> {
  const attachments = (row.attachments as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.contentBase64, 'base64'),
  }));
  try {
    await smtpTransport().sendMail({
      from: fromAddress(),
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments,
    });
    await db
      .update(mailOutbox)
      .set({ state: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    const gaveUp = attempts >= maxMailAttempts;
    await db
      .update(mailOutbox)
      .set({
        state: gaveUp ? 'failed' : 'pending',
        attempts,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    logger.warn({ mailId: row.id, attempts, gaveUp, err: error }, 'mail delivery failed');
    return false;
  }
}

/** Stores the message and makes a first delivery attempt; returns the outbox id. */
export async function sendMail(db: Db, message: MailMessage): Promise<string> {
  const keep = usesOutbox() && !transportOverride;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to.trim().toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: Buffer.from(a.content).toString('base64'),
      })),
      state: keep ? 'kept' : 'pending',
      // The first attempt below holds the message: a retry run elsewhere must not send it meanwhile.
      nextAttemptAt: new Date(Date.now() + mailLeaseMs),
    })
    .returning();
  if (!row) throw new Error('mail outbox insert returned no row');
  if (!keep) await deliver(db, row);
  return row.id;
}

/**
 * Retries pending mail whose time has come. Rows are claimed with SKIP LOCKED, their next attempt pushed
 * a lease ahead, in one short transaction, so runs on several instances (or a timer and the cron
 * endpoint) at once each send different messages and none is sent twice. Rows of a batch whose lease
 * nears its end are left for a later run (they are counted in neither number).
 */
export async function deliverDueMail(db: Db, limit = 20): Promise<{ sent: number; failed: number }> {
  const leaseEnds = Date.now() + mailLeaseMs;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(leaseEnds) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    if (Date.now() > leaseEnds - leaseMarginMs) break;
    if (await deliver(db, row)) sent += 1;
    else failed += 1;
  }
  return { sent, failed };
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string }[];
  createdAt: string;
}

/** The development outbox, newest first, optionally for one recipient. */
export async function listOutbox(
  db: Db,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      options.to
        ? and(eq(mailOutbox.state, 'kept'), eq(mailOutbox.to, options.to.trim().toLowerCase()))
        : eq(mailOutbox.state, 'kept'),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit ?? 100);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    attachments: (r.attachments as StoredAttachment[]).map(({ filename, contentType }) => ({
      filename,
      contentType,
    })),
    createdAt: r.createdAt.toISOString(),
  }));
}
