// POST /api/my-details/email/confirm: the code from the new address switches the account to it
import { confirmEmailSchema } from '@/lib/schemas/own-details';
import { confirmEmailChange } from '@/lib/server/changes/email-change';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: confirmEmailSchema }, async ({ db, user, body, ip }) => ({
  message: 'Your e-mail address is changed.',
  data: await confirmEmailChange(db, user, body.code, ip),
}));
