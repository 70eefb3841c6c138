import type { FormEvent } from 'react';

/** A form's onSubmit that ignores another submit while the first one is still being sent. */
export function submitOnce(
  isSubmitting: boolean,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitting) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };
}
