'use client';

import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { actionButtonClass } from './buttons';

/** A console form's save and cancel buttons, side by side where there is room. */
export function FormActions({
  pending,
  saveLabel,
  onCancel,
}: {
  pending: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <SubmitButton pending={pending} className="sm:w-auto">
        {saveLabel}
      </SubmitButton>
      <button type="button" onClick={onCancel} className={`${actionButtonClass} min-h-12 rounded-full px-6`}>
        Cancel
      </button>
    </div>
  );
}

/** A console form: its fields, then save and cancel. Validation is the schema's, so the browser's is off. */
export function ConsoleForm({
  onSubmit,
  pending,
  saveLabel,
  onCancel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  saveLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <FormActions pending={pending} saveLabel={saveLabel} onCancel={onCancel} />
    </form>
  );
}
