// POST /api/my-details/email: mails a code to the caller's new address (the same answer if it is taken)
import { changeEmailSchema } from '@/lib/schemas/own-details';
import { codeSentMessage, requestEmailChange } from '@/lib/server/changes/email-change';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: changeEmailSchema }, async ({ db, user, body }) => {
  await requestEmailChange(db, user, body.email);
  return { message: codeSentMessage, data: { email: body.email } };
});
