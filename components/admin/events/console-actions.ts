'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useToast } from '@/components/toast/toast-provider';
import { ApiError, messageOf, type ApiAnswer } from '@/lib/api-client';

export type ActionResult = { ok: true } | { ok: false; error: unknown };

/**
 * Runs one console write: shows the server's answer as a toast and reloads the page's server data, so
 * the lists always show what the database holds (and what the public pages now show).
 */
export function useConsoleAction() {
  const router = useRouter();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (write: () => Promise<ApiAnswer<unknown>>, fallbackFailure: string): Promise<ActionResult> => {
      setBusy(true);
      try {
        const answer = await write();
        toast({ title: answer.message || 'Saved', variant: 'success' });
        router.refresh();
        return { ok: true };
      } catch (error) {
        toast({ title: messageOf(error, fallbackFailure), variant: 'error' });
        return { ok: false, error };
      } finally {
        setBusy(false);
      }
    },
    [router, toast],
  );

  return { run, busy };
}

/** Puts the server's per-field messages (400 answers) on the form's fields; true when it found any. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const entries = Object.entries(error.fieldErrors).filter(([field]) => field !== '_');
  for (const [field, message] of entries) setError(field as Path<T>, { type: 'server', message });
  return entries.length > 0;
}

/** The list with the item at `index` swapped with its neighbour in `direction`, or null at either end. */
export function moved<T>(list: readonly T[], index: number, direction: -1 | 1): T[] | null {
  const target = index + direction;
  if (target < 0 || target >= list.length) return null;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
