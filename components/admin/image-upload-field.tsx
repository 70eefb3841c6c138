'use client';

import { useId, useState, type ChangeEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { errorClass, hintClass, labelClass } from '@/components/forms/field-classes';
import { Spinner } from '@/components/forms/spinner';
import { api, messageOf } from '@/lib/api-client';

/** The server's cap for content files (POST /api/admin/content-image answers 413 above it). */
const maxContentBytes = 10 * 1024 * 1024;

export interface ImageUploadFieldProps {
  label: string;
  /** The current URL (a /api/uploads/{id} from an earlier upload, or a static path such as /images/...). */
  value: string | null | undefined;
  /** Receives the new file's URL once the server has stored it. */
  onChange: (url: string) => void;
  /** File types the picker offers; the server still checks the bytes. Pass 'application/pdf' for rule books. */
  accept?: string;
  hint?: string;
  /** A validation message from the surrounding form (react-hook-form). */
  error?: string;
  disabled?: boolean;
}

const defaultAccept = 'image/jpeg,image/png,image/webp';

/**
 * A console form field for a public content file: shows what is on file (a preview for images, a link for
 * a PDF), uploads a newly picked file at once and hands its URL to the form. A failed upload keeps the old
 * value and says why under the field.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  accept = defaultAccept,
  hint,
  error,
  disabled = false,
}: ImageUploadFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const wantsPdf = accept.includes('pdf') && !accept.includes('image');
  const shownError = uploadError ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(null);
    if (file.size > maxContentBytes) {
      setUploadError('The file is larger than 10 MB.');
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const { data } = await api.postForm<{ url: string }>('/api/admin/content-image', form);
      onChange(data.url);
    } catch (failure) {
      setUploadError(messageOf(failure, 'The file could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
      // The picker is only a way in: what counts is the URL above it, so it never looks "chosen".
      input.value = '';
    }
  }

  const describedBy = [hint ? `${id}-hint` : null, `${id}-status`, shownError ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={`${hintClass} mb-2`}>
          {hint}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {value && !wantsPdf ? (
          // A plain img: the preview may be any stored file or static art, and is never a page's LCP.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={value}
            alt={`Current ${label.toLowerCase()}`}
            className="h-24 w-24 shrink-0 rounded-lg border border-parchment/20 bg-black/40 object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="file"
            accept={accept}
            onChange={(event) => void choose(event)}
            disabled={disabled || uploading}
            aria-describedby={describedBy}
            aria-invalid={shownError ? true : undefined}
            className="block w-full max-w-full text-base text-parchment file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-gold/50 file:bg-black/30 file:px-4 file:py-2 file:font-display file:text-sm file:text-gold hover:file:bg-gold/10 disabled:opacity-60"
          />
          <p id={`${id}-status`} aria-live="polite" className="mt-2 flex min-h-7 items-center gap-2 text-sm">
            {uploading ? (
              <>
                <Spinner className="h-4 w-4" /> Uploading…
              </>
            ) : value ? (
              <span className="min-w-0 break-all text-parchment/80">
                On file:{' '}
                <a
                  href={value}
                  target="_blank"
                  rel="noreferrer"
                  className="text-gold underline underline-offset-2"
                >
                  {value}
                </a>
              </span>
            ) : (
              <span className="text-parchment/75">No file yet.</span>
            )}
          </p>
          {shownError ? (
            <p id={`${id}-error`} role="alert" className={errorClass}>
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The upload field bound to one react-hook-form field, showing that field's validation message. */
export function FormUploadField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<ImageUploadFieldProps, 'value' | 'onChange' | 'error'> & { control: Control<T>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUploadField
          {...props}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
