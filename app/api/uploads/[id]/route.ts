// GET /api/uploads/{id}: a private file, only for its owner and organisers, always as a download
import { z } from 'zod';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { readUpload } from '@/lib/server/uploads/uploads';

export const GET = apiRoute<undefined, { id: string }>({ auth: true }, async ({ db, user, params }) => {
  if (!z.uuid().safeParse(params.id).success) throw new AppError('not_found', 'No such file.');
  const file = await readUpload(db, user, params.id);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.name}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
