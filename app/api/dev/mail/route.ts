// GET /api/dev/mail?to=: the mail outbox as JSON, newest first. Open in development, organisers only on a
// preview deployment, absent on a production site and wherever real SMTP is in use.
import { z } from 'zod';
import { organiserRoles } from '@/lib/roles';
import { authenticate } from '@/lib/server/auth/session';
import { outboxReaders } from '@/lib/server/dev-conveniences';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { listOutbox } from '@/lib/server/mail/mail-service';

export const GET = apiRoute(
  { query: z.object({ to: z.string().optional() }) },
  async ({ db, query, request }) => {
    const readers = outboxReaders();
    if (readers === 'nobody') throw new AppError('not_found', 'There is no mail outbox on this site.');
    if (readers === 'organisers') {
      const user = await authenticate(db, request);
      if (!user) throw new AppError('unauthenticated', 'Please log in as an organiser to read the outbox.');
      if (!(organiserRoles as readonly string[]).includes(user.role))
        throw new AppError('forbidden', 'Only organisers can read the outbox of a preview.');
    }
    return { message: 'Outbox', data: await listOutbox(db, query) };
  },
);
