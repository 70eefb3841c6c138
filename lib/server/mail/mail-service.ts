import 'server-only';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { festivalTitle } from '@/lib/festival';
import type { Db, Tx } from '@/lib/server/db';
import { mailOutbox } from '@/lib/server/db/schema';
import { env, usesOutbox } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import { countMail } from '@/lib/server/metrics/registry';
import { takeAllowance } from '@/lib/server/rate-limit';
import { mapLimited } from '@/lib/server/map-limited';

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
  /** When the message stops being of use (a sign-in code's expiry): it is not sent after that. */
  expiresAt?: Date;
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
 * deliverDueMail batch): no other run picks it up before then, and a batch stops starting sends two minutes
 * before its lease ends. A process that dies mid-send leaves the message to be retried once it passes.
 */
export const mailLeaseMs = 5 * 60_000;
// Longer than one send can take (5 s to connect, 5 s for the greeting, 60 s for the server to answer).
const leaseMarginMs = 2 * 60_000;

let transport: Transporter | undefined;
let transportOverride: Transporter | undefined;

const smtpOptions = () => ({
  url: env().SMTP_URL,
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  // A slow server that accepts after 12 s must not be timed out and sent the mail again: wait a minute
  // (well inside the five-minute lease) before counting the attempt as failed.
  socketTimeout: 60_000,
});

/** One connection per message: a request's own mail, one at a time, never left open in a frozen process. */
function smtpTransport(): Transporter {
  if (transportOverride) return transportOverride;
  transport ??= nodemailer.createTransport(smtpOptions());
  return transport;
}

/** Connections sending a drain's mails at once, each reused for many messages. */
const drainConnections = 4;

/**
 * A pool of connections for one drain of the outbox (an announcement's thousands of mails), closed when
 * the drain ends: a connection costs a handshake a message otherwise, and none stays open afterwards.
 */
function drainTransport(): { transport: Transporter; close(): void } {
  if (transportOverride) return { transport: transportOverride, close: () => {} };
  const pooled = nodemailer.createTransport({
    ...smtpOptions(),
    pool: true,
    maxConnections: drainConnections,
    maxMessages: 1000,
  });
  return { transport: pooled, close: () => pooled.close() };
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

/** The domain part of the sender's address, for Message-IDs. */
function messageIdDomain(): string {
  return /@([^>\s]+)>?\s*$/.exec(fromAddress())?.[1] ?? 'aetherfest.example';
}

async function deliver(db: Db, row: OutboxRow, smtp: Transporter = smtpTransport()): Promise<boolean> {
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
    // A code that arrives dead only confuses: the screen offers a new one instead.
    await db.update(mailOutbox).set({ state: 'expired' }).where(eq(mailOutbox.id, row.id));
    logger.warn({ mailId: row.id }, 'mail expired before it could be delivered');
    countMail('expired');
    return false;
  }
  const attachments = (row.attachments as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.contentBase64, 'base64'),
  }));
  try {
    if (row.atMostOnce) {
      await db.update(mailOutbox).set({ sendingAt: new Date() }).where(eq(mailOutbox.id, row.id));
    }
    await smtp.sendMail({
      // One Message-ID per outbox row: if a retry ever repeats a message that did arrive, mail clients
      // show it once.
      messageId: `<${row.id}@${messageIdDomain()}>`,
      from: fromAddress(),
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments,
    });
    await db
      .update(mailOutbox)
      .set({
        state: 'sent',
        sentAt: new Date(),
        attempts: row.attempts + 1,
        lastError: null,
        sendingAt: null,
      })
      .where(eq(mailOutbox.id, row.id));
    countMail('sent');
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    const gaveUp = attempts >= maxMailAttempts;
    await db
      .update(mailOutbox)
      .set({
        state: gaveUp ? 'failed' : 'pending',
        attempts,
        sendingAt: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    logger.warn({ mailId: row.id, attempts, gaveUp, err: error }, 'mail delivery failed');
    countMail(gaveUp ? 'failed' : 'retried');
    return false;
  }
}

/**
 * Writes the message to the outbox, in `db` or a caller's transaction, without sending it: the row is
 * claimed for a lease, so only the writer's first attempt (`PendingMail.send`, after the commit) or, once
 * the lease has passed, the retry loop sends it. Returns the row as written.
 */
async function queueMail(db: Db | Tx, message: MailMessage): Promise<OutboxRow> {
  const keep = newMailState() === 'kept';
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
      nextAttemptAt: new Date(Date.now() + mailLeaseMs),
      expiresAt: message.expiresAt ?? null,
    })
    .returning();
  if (!row) throw new Error('mail outbox insert returned no row');
  return row;
}

/**
 * A first delivery attempt of rows this process queued (and so holds the lease of), as written: nothing
 * else sends a row under lease, so they need not be read again.
 */
async function deliverQueued(db: Db, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) {
    if (row.state === 'kept') countMail('kept');
    if (row.state !== 'pending') continue;
    // A slow server may have used up the claim on earlier messages: leave the rest to the retry loop.
    if (Date.now() > row.nextAttemptAt.getTime() - leaseMarginMs) break;
    await deliver(db, row);
  }
}

/**
 * The mails that announce an outcome, written in the same transaction as the outcome (so a committed
 * outcome always has its mail, and a rolled-back one never does) and sent once it has committed. If the
 * process stops in between, the retry loop sends them when their lease has passed.
 */
export class PendingMail {
  private readonly rows: OutboxRow[] = [];

  async add(tx: Db | Tx, message: MailMessage): Promise<void> {
    this.rows.push(await queueMail(tx, message));
  }

  /** Call after the transaction has committed. Never throws: what fails stays queued for the retry loop. */
  async send(db: Db): Promise<void> {
    await deliverQueued(db, this.rows.splice(0)).catch((error: unknown) =>
      logger.error({ err: error }, 'first delivery of queued mail failed'),
    );
  }
}

/**
 * Stores a message inside a transaction whose caller cannot deliver after the commit (a waiting list's
 * offer made where a place was freed): due at once, so the retry loop sends it on its next round.
 */
export async function queueMailForRetryLoop(tx: Db | Tx, message: MailMessage): Promise<void> {
  const row = await queueMail(tx, message);
  await tx.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, row.id));
}

/** The state a new message starts in: kept in the preview's outbox when there is no SMTP server, else pending. */
export function newMailState(): 'kept' | 'pending' {
  return usesOutbox() && !transportOverride ? 'kept' : 'pending';
}

/**
 * Many messages in one statement inside a caller's transaction (a bulk issue of certificates), due at once:
 * the retry loop sends them, so thousands of mails cost one round trip and no SMTP wait in the request.
 */
export async function queueMailsForRetryLoop(tx: Db | Tx, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const state = newMailState();
  const now = new Date();
  // Eight parameters a row: chunks stay well under PostgreSQL's 65,535 bound parameters.
  for (let i = 0; i < messages.length; i += 5000) {
    await tx.insert(mailOutbox).values(
      messages.slice(i, i + 5000).map((message) => ({
        to: message.to.trim().toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: [],
        state,
        nextAttemptAt: now,
        expiresAt: message.expiresAt ?? null,
      })),
    );
  }
}

/** Stores the message and makes a first delivery attempt; returns the outbox id. */
export async function sendMail(db: Db, message: MailMessage): Promise<string> {
  const row = await queueMail(db, message);
  await deliverQueued(db, [row]);
  return row.id;
}

export const mailDiedMidSend =
  'Its sender stopped while handing it to the mail server: it may have arrived, so it is not sent again (nobody gets it twice).';

/** The key of the SMTP server's sending rate that every instance draws from (takeAllowance). */
const smtpRateKey = 'smtp:sends';

/**
 * Retries pending mail whose time has come, within the SMTP server's rate (MAIL_RATE_PER_MINUTE, shared
 * by every instance). Rows are claimed with SKIP LOCKED, their next attempt pushed a lease ahead, in one
 * short transaction, so runs on several instances (or a timer and the cron endpoint) at once each send
 * different messages and none is sent twice. Rows of a batch whose lease nears its end are left for a
 * later run (they are counted in neither number). `limited` says the rate, not the queue, ended the batch.
 */
export async function deliverDueMail(
  db: Db,
  limit = 20,
  smtp?: { transport: Transporter; concurrency: number },
): Promise<{ sent: number; failed: number; claimed: number; limited: boolean }> {
  const leaseEnds = Date.now() + mailLeaseMs;
  let abandoned = 0;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id, atMostOnce: mailOutbox.atMostOnce, sendingAt: mailOutbox.sendingAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    // An at-most-once mail still marked as being handed over: its sender died mid-send. Not repeated.
    const inFlight = due.filter((d) => d.atMostOnce && d.sendingAt !== null).map((d) => d.id);
    if (inFlight.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ state: 'failed', sendingAt: null, lastError: mailDiedMidSend })
        .where(inArray(mailOutbox.id, inFlight));
      abandoned = inFlight.length;
    }
    const sendable = due.filter((d) => !inFlight.includes(d.id)).map((d) => d.id);
    if (sendable.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(leaseEnds) })
      .where(inArray(mailOutbox.id, sendable))
      .returning();
  });
  if (abandoned > 0) {
    logger.warn({ abandoned }, 'mail in flight when its sender stopped: failed, not sent again');
    for (let i = 0; i < abandoned; i += 1) countMail('failed');
  }
  if (claimed.length === 0) return { sent: 0, failed: abandoned, claimed: abandoned, limited: false };
  // The claimed rows beyond what the rate allows this second are let go at once, for the next batch.
  const perSecond = Math.max(1, Math.floor(env().MAIL_RATE_PER_MINUTE / 60));
  const allowance = await takeAllowance(db, smtpRateKey, claimed.length, perSecond);
  const released = claimed.slice(allowance);
  if (released.length > 0) {
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(
        inArray(
          mailOutbox.id,
          released.map((r) => r.id),
        ),
      );
  }
  const outcomes = await mapLimited(claimed.slice(0, allowance), smtp?.concurrency ?? 1, async (row) => {
    if (Date.now() > leaseEnds - leaseMarginMs) return null;
    return deliver(db, row, smtp?.transport);
  });
  const sent = outcomes.filter((outcome) => outcome === true).length;
  const failed = outcomes.filter((outcome) => outcome === false).length;
  return { sent, failed: failed + abandoned, claimed: allowance + abandoned, limited: released.length > 0 };
}

/**
 * Sends due mail batch after batch until none is due or `budgetMs` has passed, waiting for the next
 * second whenever the shared rate is used up: how an announcement's thousands of mails drain.
 */
export async function drainDueMail(db: Db, budgetMs: number): Promise<{ sent: number; failed: number }> {
  const stopAt = Date.now() + budgetMs;
  const totals = { sent: 0, failed: 0 };
  let smtp: ReturnType<typeof drainTransport> | undefined;
  try {
    while (Date.now() < stopAt) {
      // The pool is opened on the first batch that has mail, not for a drain that finds none.
      const batch = await deliverDueMail(
        db,
        50,
        smtp && { transport: smtp.transport, concurrency: drainConnections },
      );
      if (batch.claimed > 0 && !smtp) smtp = drainTransport();
      totals.sent += batch.sent;
      totals.failed += batch.failed;
      if (batch.claimed === 0 && !batch.limited) break;
      if (batch.limited) await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    }
  } finally {
    smtp?.close();
  }
  return totals;
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
