import { afterEach, describe, expect, it } from 'vitest';
import { GET as outboxRoute } from '@/app/api/dev/mail/route';
import {
  deliverDueMail,
  listOutbox,
  sendMail,
  setMailTransportForTests,
} from '@/lib/server/mail/mail-service';
import { mailOutbox } from '@/lib/server/db/schema';
import { eq } from 'drizzle-orm';
import { freePort, startSmtp, transportTo } from '../support/smtp';
import { describeEachDatabase } from '../support/test-db';

describeEachDatabase('mail service', (current) => {
  afterEach(() => setMailTransportForTests(undefined));

  describe('the development outbox', () => {
    it('keeps mail and lists it newest first', async () => {
      const { db } = current();
      await sendMail(db, { to: 'First@Example.com', subject: 'One', text: 'first' });
      await new Promise((r) => setTimeout(r, 5));
      await sendMail(db, { to: 'first@example.com', subject: 'Two', text: 'second' });
      const list = await listOutbox(db, { to: 'first@example.com' });
      expect(list.map((m) => m.subject)).toEqual(['Two', 'One']);
      expect(list[0]?.to).toBe('first@example.com');
    });

    it('answers the outbox as JSON for tests, filtered by recipient', async () => {
      const { db } = current();
      await sendMail(db, {
        to: 'json@example.com',
        subject: 'Your code',
        text: '123456',
        attachments: [{ filename: 'pass.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      });
      const response = await outboxRoute(new Request('http://test/api/dev/mail?to=json@example.com'), {
        params: Promise.resolve({}),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        data: { subject: string; attachments: { filename: string }[] }[];
      };
      expect(body.data).toHaveLength(1);
      expect(body.data[0]?.subject).toBe('Your code');
      expect(body.data[0]?.attachments).toEqual([{ filename: 'pass.ics', contentType: 'text/calendar' }]);
    });
  });

  describe('SMTP delivery', () => {
    it('delivers through a real SMTP server with attachments', async () => {
      const port = await freePort();
      const smtp = await startSmtp(port);
      try {
        setMailTransportForTests(transportTo(port));
        const id = await sendMail(current().db, {
          to: 'smtp@example.com',
          subject: 'Hello over SMTP',
          text: 'plain body',
          html: '<p>html body</p>',
          attachments: [{ filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
        });
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]?.to).toEqual(['smtp@example.com']);
        expect(smtp.received[0]?.raw).toContain('Subject: Hello over SMTP');
        expect(smtp.received[0]?.raw).toContain('event.ics');
        const [row] = await current().db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row?.state).toBe('sent');
      } finally {
        await smtp.stop();
      }
    });

    it('keeps a message while SMTP is down and delivers it once the server is back', async () => {
      const port = await freePort();
      setMailTransportForTests(transportTo(port));
      const { db } = current();
      const id = await sendMail(db, { to: 'retry@example.com', subject: 'Retry me', text: 'x' });
      const [pending] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(pending?.state).toBe('pending');
      expect(pending?.attempts).toBe(1);
      expect(pending?.lastError).toBeTruthy();

      const smtp = await startSmtp(port);
      try {
        // Not due yet: the back-off holds it.
        expect((await deliverDueMail(db)).sent).toBe(0);
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(mailOutbox.id, id));
        expect(await deliverDueMail(db)).toMatchObject({ sent: 1, failed: 0 });
        expect(smtp.received.map((m) => m.to[0])).toEqual(['retry@example.com']);
        const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(sent?.state).toBe('sent');
        // Delivered once: nothing left to retry.
        expect((await deliverDueMail(db)).sent).toBe(0);
      } finally {
        await smtp.stop();
      }
    });

    it('does not send a code mail whose code expired while SMTP was down, and marks it so', async () => {
      const port = await freePort();
      setMailTransportForTests(transportTo(port));
      const { db } = current();
      const id = await sendMail(db, {
        to: 'late-code@example.com',
        subject: 'Your code',
        text: '123456',
        expiresAt: new Date(Date.now() + 60_000),
      });
      const smtp = await startSmtp(port);
      try {
        // The outage outlasted the code: its retry comes after the expiry.
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() - 1) })
          .where(eq(mailOutbox.id, id));
        await deliverDueMail(db);
        expect(smtp.received).toHaveLength(0);
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row?.state).toBe('expired');
      } finally {
        await smtp.stop();
      }
    });

    it('gives each message one Message-ID, so a repeat is shown once', async () => {
      const port = await freePort();
      const smtp = await startSmtp(port);
      try {
        setMailTransportForTests(transportTo(port));
        const id = await sendMail(current().db, { to: 'msgid@example.com', subject: 'Once', text: 'x' });
        expect(smtp.received[0]?.raw).toMatch(new RegExp(`Message-ID: <${id}@[^>]+>`, 'i'));
      } finally {
        await smtp.stop();
      }
    });
  });
});
