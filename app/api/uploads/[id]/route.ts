// GET /api/uploads/{id}: a stored file; content files to anyone (inline), private ones to owner and organisers.
// ?w=N (one of the served widths): a content picture resized to N pixels wide, as WebP.
import { z } from 'zod';
import { contentImageWidths, type ContentImageWidth } from '@/lib/content-image-widths';
import { apiGuardMessages } from '@/lib/roles';
import { authenticate } from '@/lib/server/auth/session';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';
import { resizedPicture, resizeMessages } from '@/lib/server/uploads/resized-pictures';
import { findUpload, readUploadBytes, type UploadRecord } from '@/lib/server/uploads/uploads';

const query = z.object({
  w: z
    .string()
    .optional()
    .refine((w) => w === undefined || contentImageWidths.map(String).includes(w), resizeMessages.width)
    .transform((w) => (w === undefined ? undefined : (Number(w) as ContentImageWidth))),
});

const resizable = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A content file's answer: `bytes` as `contentType`, shown inline under `name`. */
function contentAnswer(bytes: Buffer, contentType: string, name: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': contentType,
      'content-disposition': `inline; filename="${name}"`,
      ...contentHeaders(contentType === 'application/pdf'),
    },
  });
}

/** What every answer with a content file carries besides its type and name. */
function contentHeaders(isPdf: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    // A content file never changes: a new upload gets a new id, so it may be cached for a year (and so
    // may each of its widths, which are in the URL).
    'cache-control': 'public, max-age=31536000, immutable',
    // Browsers refuse to show a PDF in a sandboxed document, so only images get the sandbox.
    'content-security-policy': isPdf ? "default-src 'none'" : "default-src 'none'; sandbox",
  };
}

export const GET = apiRoute<undefined, { id: string }, typeof query>(
  { query },
  async ({ db, request, params, query: { w } }) => {
    const id = uuidParam(params.id, 'file');
    // Signing in is optional here: content files are public. For anything else the signed-out are asked to
    // log in (whether or not the id exists, as before content files were public), so ids reveal nothing.
    const viewer = await authenticate(db, request);
    const file = await findUpload(db, viewer, id).catch((error: unknown) => {
      if (viewer === null && error instanceof AppError && error.code === 'not_found') {
        throw new AppError('unauthenticated', apiGuardMessages.login);
      }
      throw error;
    });
    if (w !== undefined) return resized(file, w);
    const bytes = await readUploadBytes(file);
    if (file.purpose === 'content') return contentAnswer(bytes, file.contentType, file.name);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.name}"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  },
);

/** A content picture `width` wide as WebP; the original as it is when it cannot be decoded. */
async function resized(file: UploadRecord, width: ContentImageWidth): Promise<Response> {
  if (file.purpose !== 'content' || !resizable.has(file.contentType)) {
    throw new AppError('invalid_input', resizeMessages.notAPicture);
  }
  const webp = await resizedPicture(file.id, width, () => readUploadBytes(file));
  if (!webp) return contentAnswer(await readUploadBytes(file), file.contentType, file.name);
  return contentAnswer(webp, 'image/webp', `${file.name.replace(/\.\w+$/, '')}-${width}.webp`);
}
