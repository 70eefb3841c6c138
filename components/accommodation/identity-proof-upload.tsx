'use client';

import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { hintClass, labelClass } from '@/components/forms/field-classes';
import { Spinner } from '@/components/forms/spinner';
import { useToast } from '@/components/toast/toast-provider';
import { messageOf } from '@/lib/api-client';
import { uploadIdentityProof } from './accommodation-api';

export interface UploadedProof {
  url: string;
  fileName: string;
}

/** The server's cap (POST /api/admin/upload answers 413 above it); checked first to spare the wait. */
const maxProofBytes = 5 * 1024 * 1024;

/**
 * Uploads an identity proof, with the toasts of SPEC.md part 8; a failed upload keeps the earlier proof.
 * `initial`: a proof uploaded on an earlier try (see stay-draft.ts), still on file on the server.
 */
export function useProofUpload(initial: UploadedProof | null = null) {
  const { toast } = useToast();
  const [proof, setProof] = useState<UploadedProof | null>(initial);
  const [uploading, setUploading] = useState(false);

  const upload = useCallback(
    async (file: File): Promise<boolean> => {
      if (file.size > maxProofBytes) {
        toast({
          title: 'Failed to upload image',
          description: 'The file is larger than 5 MB.',
          variant: 'error',
        });
        return false;
      }
      setUploading(true);
      try {
        const { data } = await uploadIdentityProof(file);
        setProof({ url: data.url, fileName: file.name });
        toast({ title: 'Image uploaded successfully', variant: 'success' });
        return true;
      } catch (error) {
        toast({
          title: 'Failed to upload image',
          description: messageOf(error, '') || undefined,
          variant: 'error',
        });
        return false;
      } finally {
        setUploading(false);
      }
    },
    [toast],
  );

  return { proof, uploading, upload };
}

/**
 * The identity proof field: an image or PDF, uploaded as soon as it is chosen. The booking form shows it as
 * its third step; accepting a stay someone offers (the profile) shows the field alone, under its own label.
 */
export function IdentityProofUpload({
  proof,
  uploading,
  onUpload,
  heading = '3. Upload your identity proof',
  label = 'Identity proof',
  disabled = false,
}: {
  proof: UploadedProof | null;
  uploading: boolean;
  onUpload: (file: File) => Promise<boolean>;
  heading?: string | null;
  label?: string;
  disabled?: boolean;
}) {
  const id = useId();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const uploaded = await onUpload(file);
    // A refused file must not look chosen: the status line says which proof is on file.
    if (!uploaded) input.value = '';
  }

  return (
    <div>
      {heading ? <h3 className="mb-1 font-display text-lg text-gold">{heading}</h3> : null}
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={`${id}-hint`} className={`${hintClass} mb-2`}>
        A government photo ID as an image or a PDF, up to 5 MB. Bring the same ID with you.
      </p>
      <input
        id={id}
        type="file"
        accept="image/*,application/pdf"
        onChange={(event) => void choose(event)}
        disabled={uploading || disabled}
        aria-describedby={`${id}-hint ${id}-status`}
        className="block w-full max-w-full text-base text-parchment file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-gold/50 file:bg-black/30 file:px-4 file:py-2 file:font-display file:text-sm file:text-gold hover:file:bg-gold/10 disabled:opacity-60"
      />
      <p id={`${id}-status`} aria-live="polite" className="mt-2 flex min-h-7 items-center gap-2 text-sm">
        {uploading ? (
          <>
            <Spinner className="h-4 w-4" /> Uploading…
          </>
        ) : proof ? (
          <span className="break-all text-emerald-200">
            <span aria-hidden="true">✓ </span>Uploaded: {proof.fileName}
          </span>
        ) : (
          <span className="text-parchment/75">No file uploaded yet.</span>
        )}
      </p>
    </div>
  );
}
