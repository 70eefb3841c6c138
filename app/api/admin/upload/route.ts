// POST /api/admin/upload: a signed-in user's private file (field `file`), checked by size and by its bytes;
// at most 10 a day per account (429 past that)
import { apiRoute } from '@/lib/server/http/handler';
import { fileFromRequest, saveUpload } from '@/lib/server/uploads/uploads';

export const POST = apiRoute({ auth: true }, async ({ db, user, request }) => {
  const file = await fileFromRequest(request, 'identity_proof');
  const saved = await saveUpload(db, user, file, 'identity_proof');
  return { status: 201, message: 'Image uploaded successfully', data: { url: saved.url } };
});
