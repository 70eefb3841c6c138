'use client';

import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api, ApiError } from '@/lib/api-client';

/**
 * The organisers' offer time: how many hours an offer holds its unit (1–168). The server checks the value,
 * so its message shows by the field; a change applies to offers made from then on.
 */
export function OfferHoursForm({ hours }: { hours: number }) {
  const { write, busy } = useConsoleWrite();
  const [value, setValue] = useState(String(hours));
  const [error, setError] = useState<string | undefined>();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    const trimmed = value.trim();
    // Sent as typed (a number when it is one): the server's schema decides, with its own messages.
    const offerHours = trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
    const result = await write(
      () => api.put('/api/admin/waiting-lists/settings', { offerHours }),
      'The offer time could not be saved.',
    );
    if (!result.ok) {
      const fieldError = result.error instanceof ApiError ? result.error.fieldErrors?.offerHours : undefined;
      setError(fieldError ?? result.message);
    }
  }

  return (
    <form
      noValidate
      onSubmit={save}
      aria-labelledby="offer-time-heading"
      className="mt-3 flex flex-col gap-3"
    >
      <TextField
        label="Offer time (hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={168}
        step={1}
        className="max-w-xs"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        hint="How long an offer holds its place for the person offered: 1 to 168 hours (a week). Applies to offers made from now on."
        error={error}
      />
      <SubmitButton pending={busy} className="sm:w-auto sm:self-start">
        Save offer time
      </SubmitButton>
    </form>
  );
}
