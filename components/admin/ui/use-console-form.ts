'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { submitOnce } from '@/components/forms/submit-once';
import { api } from '@/lib/api-client';
import { showFieldErrors, useConsoleWrite } from './use-console-write';

/**
 * A console form on one shared schema that creates (`id` absent: POST `/api/admin/{resource}`) or changes
 * (PATCH `/api/admin/{resource}/{id}`) one item. Once saved it calls `onDone`; a refusal's per-field
 * messages land on the fields. Spread `onSubmit` on the form element.
 */
export function useConsoleForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  target: { resource: string; id?: number; failure: string; onDone: () => void },
) {
  const { write } = useConsoleWrite();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const { resource, id, failure, onDone } = target;

  async function save(values: Output) {
    const base = `/api/admin/${resource}`;
    const result = await write(
      () => (id === undefined ? api.post(base, values) : api.patch(`${base}/${id}`, values)),
      failure,
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, form.setError);
  }

  return { ...form, onSubmit: submitOnce(form.formState.isSubmitting, form.handleSubmit(save)) };
}
