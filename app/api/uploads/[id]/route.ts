// GET /api/uploads/{id}: a stored file; content files to anyone (inline), private ones to owner and organisers
import { apiGuardMessages } from '@/lib/roles';
import { authenticate } from '@/lib/server/auth/session';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';
import { readUpload } from '@/lib/server/uploads/uploads';

export const GET = apiRoute<undefined, { id: string }>({}, async ({ db, request, params }) => {
  const id = uuidParam(params.id, 'file');
  // Signing in is optional here: content files are public. For anything else the signed-out are asked to
  // log in (whether or not the id exists, as before content files were public), so ids reveal nothing.
  const viewer = await authenticate(db, request);
  const file = await readUpload(db, viewer, id).catch((error: unknown) => {
    if (viewer === null && error instanceof AppError && error.code === 'not_found') {
      throw new AppError('unauthenticated', apiGuardMessages.login);
    }
    throw error;
  });
  if (file.purpose === 'content') {
    const isPdf = file.contentType === 'application/pdf';
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `inline; filename="${file.name}"`,
        'x-content-type-options': 'nosniff',
        // A content file never changes: a new upload gets a new id, so it may be cached for a year.
        'cache-control': 'public, max-age=31536000, immutable',
        // Browsers refuse to show a PDF in a sandboxed document, so only images get the sandbox.
        'content-security-policy': isPdf ? "default-src 'none'" : "default-src 'none'; sandbox",
      },
    });
  }
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
