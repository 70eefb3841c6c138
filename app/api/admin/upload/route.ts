// POST /api/admin/upload: a signed-in user's private file (field `file`), checked by size and by its bytes
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { maxUploadBytes, saveUpload } from '@/lib/server/uploads/uploads';

export const POST = apiRoute({ auth: true }, async ({ db, user, request }) => {
  // Refuse an oversized body before reading it (multipart adds a little framing around the file).
  if (Number(request.headers.get('content-length') ?? 0) > maxUploadBytes + 64 * 1024) {
    throw new AppError('too_large', 'The file is larger than 5 MB.');
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('invalid_input', 'Send the file as multipart form data in the field "file".');
  }
  const file = form.get('file');
  if (!(file instanceof File))
    throw new AppError('invalid_input', 'Send the file as multipart form data in the field "file".');
  const saved = await saveUpload(db, user, file, 'identity_proof');
  return { status: 201, message: 'Image uploaded successfully', data: { url: saved.url } };
});
