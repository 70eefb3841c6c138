import { useForm } from 'react-hook-form';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { useDeferredForm } from '@/components/forms/use-deferred-form';

/*
 * The account forms render through useDeferredForm before react-hook-form is loaded: that first render is
 * the server's HTML and what hydration must find again, so it has to be the markup useForm gave the same
 * form (the inputs' names, no extra attribute), with no errors and nothing submitting.
 */

const schema = z.object({ email: z.email('Invalid email address'), code: z.string().min(6) });
type Values = z.input<typeof schema>;
const resolver = lazyZodResolver<Values, Values>(async () => schema);

function Fields({
  register,
  errors,
  isSubmitting,
}: {
  register: (name: keyof Values) => object;
  errors: Partial<Record<keyof Values, { message?: string }>>;
  isSubmitting: boolean;
}) {
  return (
    <form noValidate>
      <input type="email" {...register('email')} />
      <input inputMode="numeric" {...register('code')} />
      <p>{errors.email?.message ?? 'no error'}</p>
      <button type="submit" aria-busy={isSubmitting || undefined}>
        Send
      </button>
    </form>
  );
}

function WithUseForm() {
  const {
    register,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { email: '', code: '' } });
  return <Fields register={register} errors={errors} isSubmitting={isSubmitting} />;
}

function WithDeferredForm() {
  const {
    register,
    formState: { errors, isSubmitting },
  } = useDeferredForm<Values, Values>({ resolver, defaultValues: { email: '', code: '' } });
  return <Fields register={register} errors={errors} isSubmitting={isSubmitting} />;
}

describe('useDeferredForm before react-hook-form arrives', () => {
  it('renders the markup useForm renders for the same form', () => {
    const deferred = renderToStaticMarkup(<WithDeferredForm />);
    expect(deferred).toBe(renderToStaticMarkup(<WithUseForm />));
    expect(deferred).toContain('name="email"');
    expect(deferred).toContain('name="code"');
    expect(deferred).toContain('no error');
    expect(deferred).not.toContain('aria-busy');
  });
});
