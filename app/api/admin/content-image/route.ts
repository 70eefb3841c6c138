// POST /api/admin/content-image: an organiser's public content file (event art, rule book), checked by its bytes
import { adminRoute } from '@/lib/server/http/handler';
import { fileFromRequest, saveUpload } from '@/lib/server/uploads/uploads';

export const POST = adminRoute({}, async ({ db, user, request }) => {
  const file = await fileFromRequest(request, 'content');
  const saved = await saveUpload(db, user, file, 'content');
  return { status: 201, message: 'File uploaded successfully', data: { url: saved.url } };
});
