import type { UploadedProof } from './identity-proof-upload';

/*
 * The booking a student was in the middle of: the type, the dates and the identity proof already uploaded.
 * Kept in this tab's sessionStorage, per account, so a stay payment that failed or was dismissed (which
 * ends on /failure) does not cost the student the choices and the upload: back on /accomodation they are
 * filled in again. A booking that went through forgets it, and so does a logout (a shared phone).
 */

export interface StayDraft {
  typeId: number | null;
  optionId: number | null;
  proof: UploadedProof | null;
}

const prefix = 'stay-draft:';

export function stayDraftKey(userId: string): string {
  return `${prefix}${userId}`;
}

const emptyDraft: StayDraft = { typeId: null, optionId: null, proof: null };

const isId = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0);

function isProof(value: unknown): value is UploadedProof | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const { url, fileName } = value as Record<string, unknown>;
  return typeof url === 'string' && url.length > 0 && typeof fileName === 'string';
}

/** The stored draft text read back; an empty draft when there is none or it is not one. */
export function parseStayDraft(stored: string | null): StayDraft {
  if (!stored) return emptyDraft;
  try {
    const value = JSON.parse(stored) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return emptyDraft;
    const { typeId = null, optionId = null, proof = null } = value;
    return isId(typeId) && isId(optionId) && isProof(proof) ? { typeId, optionId, proof } : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

// Every access is inside a try: with storage disabled, merely reading window.sessionStorage throws.

export function loadStayDraft(userId: string): StayDraft {
  try {
    return parseStayDraft(window.sessionStorage.getItem(stayDraftKey(userId)));
  } catch {
    return emptyDraft;
  }
}

/** Stores the draft; one with nothing chosen is removed instead. */
export function saveStayDraft(userId: string, draft: StayDraft): void {
  try {
    const blank = draft.typeId === null && draft.optionId === null && draft.proof === null;
    if (blank) window.sessionStorage.removeItem(stayDraftKey(userId));
    else window.sessionStorage.setItem(stayDraftKey(userId), JSON.stringify(draft));
  } catch {
    // Private mode or full storage: the booking still works, it just is not kept.
  }
}

export function forgetStayDraft(userId: string): void {
  try {
    window.sessionStorage.removeItem(stayDraftKey(userId));
  } catch {
    // Nothing could be stored either.
  }
}

/** Logging out forgets every account's draft (its proof is personal data). */
export function forgetStayDrafts(storage: Storage): void {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) storage.removeItem(key);
  }
}
