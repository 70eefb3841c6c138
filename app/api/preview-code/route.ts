// GET /api/preview-code?email=: on a preview deployment, the sign-up code of the browser that signed up
import { z } from 'zod';
import { emailSchema } from '@/lib/schemas/auth';
import { previewSignUpOf } from '@/lib/server/auth/preview-signup';
import { apiRoute } from '@/lib/server/http/handler';
import { previewCodeFor } from '@/lib/server/services/accounts';

export const GET = apiRoute({ query: z.object({ email: emailSchema }) }, async ({ db, query, request }) => {
  const code = await previewCodeFor(db, query.email, previewSignUpOf(request));
  return {
    message: code ? 'Your verification code' : 'This browser holds no verification code for this e-mail.',
    data: { code },
  };
});
