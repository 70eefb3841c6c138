'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useToast } from '@/components/toast/toast-provider';
import { ApiError, messageOf, type ApiAnswer } from '@/lib/api-client';

export type WriteResult = { ok: true } | { ok: false; error: unknown; message: string };

/**
 * One console write: the server's answer becomes a toast, and on success the page's server data is
 * read again, so every list shows what the database now holds. A refusal's message is also handed back,
 * so the screen can keep it in view beside the item (a toast closes by itself).
 */
export function useConsoleWrite() {
  const router = useRouter();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const write = useCallback(
    async (send: () => Promise<ApiAnswer<unknown>>, fallback: string): Promise<WriteResult> => {
      setBusy(true);
      try {
        const answer = await send();
        toast({ title: answer.message || 'Saved.', variant: 'success' });
        router.refresh();
        return { ok: true };
      } catch (error) {
        const message = messageOf(error, fallback);
        toast({ title: message, variant: 'error' });
        return { ok: false, error, message };
      } finally {
        setBusy(false);
      }
    },
    [router, toast],
  );

  return { write, busy };
}

/** Puts a 400 or 409 answer's per-field messages on the form's fields; true when there were any. */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const entries = Object.entries(error.fieldErrors).filter(([field]) => field !== '_');
  for (const [field, message] of entries) setError(field as Path<T>, { type: 'server', message });
  return entries.length > 0;
}
