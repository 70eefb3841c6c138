// GET /api/dev/mail?to=: the development outbox as JSON, newest first (404 when real SMTP is in use)
import { z } from 'zod';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { usesOutbox } from '@/lib/server/env';
import { listOutbox } from '@/lib/server/mail/mail-service';

export const GET = apiRoute({ query: z.object({ to: z.string().optional() }) }, async ({ db, query }) => {
  if (!usesOutbox()) throw new AppError('not_found', 'The mail outbox is off because SMTP is configured.');
  return { message: 'Outbox', data: await listOutbox(db, query) };
});
