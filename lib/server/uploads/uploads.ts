import 'server-only';
import crypto from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { recordAudit } from '@/lib/server/admin/audit';
import type { AuthUser } from '@/lib/server/auth/session';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { uploads, users } from '@/lib/server/db/schema';
import { organiserRoles } from '@/lib/roles';
import { AppError } from '@/lib/server/http/app-error';
import { readImageSize, type ImageType } from './image-size';
import { fileStorage } from './storage';

/** Identity proofs and other private files: at most 5 MB, JPEG, PNG, WebP or PDF by their bytes. */
export const maxUploadBytes = 5 * 1024 * 1024;

/** Organisers' content (event art, rule books): rule-book PDFs run larger than a photo of an ID card. */
export const maxContentUploadBytes = 10 * 1024 * 1024;

export type UploadPurpose = 'identity_proof' | 'content';

/** The size cap for a purpose, with the sentence a refused uploader reads. */
export function uploadLimit(purpose: UploadPurpose): { bytes: number; message: string } {
  const bytes = purpose === 'content' ? maxContentUploadBytes : maxUploadBytes;
  return { bytes, message: `The file is larger than ${bytes / (1024 * 1024)} MB.` };
}

const signatures: { type: ImageType | 'application/pdf'; matches: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { type: 'application/pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The file's real type from its first bytes, or null when it is none of the accepted ones. */
export function sniffType(bytes: Buffer): ImageType | 'application/pdf' | null {
  return signatures.find((s) => s.matches(bytes))?.type ?? null;
}

/**
 * The most pixels an uploaded image may have, and its longest side. A browser decodes an image at about
 * 4 bytes a pixel whatever the file's size (every visitor's for a content image, an organiser's for an
 * identity proof): a 3 KB PNG can declare 60000 x 60000 pixels, 14 GB once decoded. 40 megapixels
 * (160 MB decoded) is more than a photo of an ID card, a scan or a poster needs (a phone's rare full-size
 * 48-200 MP shot is refused, and is usually past the 5 or 10 MB cap anyway); 20000 pixels a side lets a
 * wide banner through and keeps a decoder's row buffers small for a thin strip under the pixel cap.
 */
export const maxImagePixels = 40_000_000;
export const maxImageSide = 20_000;

/** Refuses an image whose header cannot be read (400) or declares more pixels than the caps (413). */
export function assertImageSize(bytes: Buffer, type: ImageType): void {
  const size = readImageSize(bytes, type);
  if (!size) {
    throw new AppError(
      'invalid_input',
      'This file is not a valid image: its size in pixels cannot be read. Please upload another file.',
    );
  }
  if (size.width * size.height > maxImagePixels || Math.max(size.width, size.height) > maxImageSide) {
    throw new AppError(
      'too_large',
      `This image is ${size.width} × ${size.height} pixels, more than we accept. Images may have at most ${maxImagePixels / 1_000_000} megapixels and ${maxImageSide} pixels on a side; please make it smaller.`,
    );
  }
}

export function uploadUrl(id: string): string {
  return `/api/uploads/${id}`;
}

/** The upload id inside a URL this app gave out, or null. */
export function uploadIdFromUrl(url: string): string | null {
  const match = url.match(/\/api\/uploads\/([0-9a-f-]{36})$/i);
  return match?.[1] ?? null;
}

/**
 * Identity proofs one account may upload in any 24 hours: a guest needs one or two, and 10 of at most
 * 5 MB caps what one account can put into storage at 50 MB a day.
 */
export const identityUploadsPerDay = 10;

/** Refuses (429) an identity proof past the owner's daily quota; locks the owner's row until commit. */
async function assertUploadQuota(tx: Tx, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
  const since = new Date(now().getTime() - 86_400_000);
  const recent = await tx
    .select({ createdAt: uploads.createdAt })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerUserId, ownerId),
        eq(uploads.purpose, 'identity_proof'),
        gt(uploads.createdAt, since),
      ),
    )
    .orderBy(asc(uploads.createdAt));
  if (recent.length < identityUploadsPerDay) return;
  const oldest = recent[recent.length - identityUploadsPerDay]!.createdAt;
  const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + 86_400_000 - now().getTime()) / 1000));
  throw new AppError(
    'rate_limited',
    `You have uploaded ${identityUploadsPerDay} files in the last 24 hours, the most we accept. Please use one you already uploaded, or try again tomorrow.`,
    { retryAfter },
  );
}

export async function saveUpload(
  db: Db,
  owner: AuthUser,
  file: File,
  purpose: UploadPurpose,
): Promise<{ id: string; url: string }> {
  if (file.size === 0) throw new AppError('invalid_input', 'The file is empty.');
  const limit = uploadLimit(purpose);
  if (file.size > limit.bytes) throw new AppError('too_large', limit.message);
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type)
    throw new AppError('unsupported_type', 'Only JPEG, PNG, WebP images and PDF files can be uploaded.');
  // A PDF is downloaded, not decoded by the page that links it; every image is measured.
  if (type !== 'application/pdf') assertImageSize(bytes, type);
  const storageKey = crypto.randomBytes(24).toString('base64url');
  const record = {
    ownerUserId: owner.id,
    purpose,
    contentType: type,
    sizeBytes: bytes.length,
    storageKey,
    // Only shown to organisers: control characters (a NUL, which PostgreSQL refuses in text) are dropped.
    originalName: file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || null,
  };
  if (purpose === 'identity_proof') {
    // Counted and recorded under the owner's row lock, so parallel uploads cannot pass the quota together;
    // the bytes are stored only once the upload is accepted, and the record goes if storing fails.
    const id = await db.transaction(async (tx) => {
      await assertUploadQuota(tx, owner.id);
      const [row] = await tx
        .insert(uploads)
        .values({ ...record, createdAt: now() })
        .returning({ id: uploads.id });
      return row!.id;
    });
    try {
      await fileStorage().put(storageKey, bytes, type);
    } catch (error) {
      await db.delete(uploads).where(eq(uploads.id, id));
      throw error;
    }
    return { id, url: uploadUrl(id) };
  }
  await fileStorage().put(storageKey, bytes, type);
  // A content file is an organiser's change to what the public pages show, so it is audited like every
  // other console write, in the same transaction. Organisers' content files have no quota.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(uploads).values(record).returning({ id: uploads.id });
    await recordAudit(tx, owner, {
      action: 'upload',
      entity: 'content_file',
      entityId: row!.id,
      after: {
        name: record.originalName,
        contentType: type,
        sizeBytes: bytes.length,
        url: uploadUrl(row!.id),
      },
    });
    return row!.id;
  });
  return { id, url: uploadUrl(id) };
}

/** An upload of this owner (for a booking's identity proof), or null. */
export async function ownedUpload(db: Db, ownerId: string, id: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: uploads.id, owner: uploads.ownerUserId })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row && row.owner === ownerId ? { id: row.id } : null;
}

/** A stored file's record, as a reader may see it; its bytes are read apart (`readUploadBytes`). */
export interface UploadRecord {
  id: string;
  contentType: string;
  name: string;
  purpose: UploadPurpose;
  storageKey: string;
}

/**
 * A file's record for whoever may see it: content files (shown on public pages) to anyone, signed in or
 * not; any other file to its owner or an organiser. Everyone else gets "not found", so ids reveal nothing.
 */
export async function findUpload(db: Db, viewer: AuthUser | null, id: string): Promise<UploadRecord> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  const allowed =
    row &&
    (row.purpose === 'content' ||
      (viewer !== null &&
        (row.ownerUserId === viewer.id || (organiserRoles as readonly string[]).includes(viewer.role))));
  if (!row || !allowed) throw new AppError('not_found', 'No such file.');
  const extension =
    { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' }[
      row.contentType
    ] ?? 'bin';
  return {
    id: row.id,
    contentType: row.contentType,
    name: `upload-${row.id.slice(0, 8)}.${extension}`,
    purpose: row.purpose,
    storageKey: row.storageKey,
  };
}

/** The stored bytes of a file found with findUpload; "not found" when storage has lost them. */
export async function readUploadBytes(record: UploadRecord): Promise<Buffer> {
  const bytes = await fileStorage().get(record.storageKey);
  if (!bytes) throw new AppError('not_found', 'No such file.');
  return bytes;
}

/** A file with its bytes, for whoever may see it (findUpload's rule). */
export async function readUpload(
  db: Db,
  viewer: AuthUser | null,
  id: string,
): Promise<UploadRecord & { bytes: Buffer }> {
  const record = await findUpload(db, viewer, id);
  return { ...record, bytes: await readUploadBytes(record) };
}

/** The `file` field of a multipart upload request, refused early when the body is over the purpose's cap. */
export async function fileFromRequest(request: Request, purpose: UploadPurpose): Promise<File> {
  const limit = uploadLimit(purpose);
  // Multipart framing adds a little around the file; anything far beyond the cap is refused unread.
  if (Number(request.headers.get('content-length') ?? 0) > limit.bytes + 64 * 1024) {
    throw new AppError('too_large', limit.message);
  }
  const refusal = 'Send the file as multipart form data in the field "file".';
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('invalid_input', refusal);
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw new AppError('invalid_input', refusal);
  return file;
}
