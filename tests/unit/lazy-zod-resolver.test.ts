import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { loginSchema, registerFormSchema, resetPasswordFormSchema } from '@/lib/schemas/auth';
import { validRegistrationForm } from '../support/registration-form';

/** What react-hook-form passes a resolver on a whole-form validation. */
function options<T extends FieldValues>(criteriaMode: 'firstError' | 'all' = 'firstError') {
  return { fields: {}, shouldUseNativeValidation: false, criteriaMode } as ResolverOptions<T>;
}

// Spaces and capitals in the e-mail: the schema's own trimming shows in both resolvers' values.
const registration = { ...validRegistrationForm, email: ' Asha@Example.com ' };

// Each account form's schema with inputs that pass, fail on one field, fail on many, or lack fields.
const cases: { name: string; schema: z.ZodType<unknown, FieldValues>; inputs: FieldValues[] }[] = [
  {
    name: 'login',
    schema: loginSchema,
    inputs: [
      { email: ' Someone@Example.com ', password: 'x' },
      { email: 'not-an-address', password: '' },
      {},
    ],
  },
  {
    name: 'registration',
    schema: registerFormSchema,
    inputs: [
      registration,
      { ...registration, confirmPassword: 'other' },
      { ...registration, first_name: 'R2D2', phone_number: '12', DOB: '2999-01-01', gender: '' },
      {},
    ],
  },
  {
    name: 'password reset',
    schema: resetPasswordFormSchema,
    inputs: [
      { otp: '123456', newPassword: 'secret12', confirmPassword: 'secret12' },
      { otp: '', newPassword: 'abc', confirmPassword: 'abd' },
    ],
  },
];

describe('lazyZodResolver', () => {
  for (const { name, schema, inputs } of cases) {
    it(`gives the ${name} form exactly zodResolver's values and errors`, async () => {
      const eager = zodResolver(schema);
      const lazy = lazyZodResolver(async () => schema);
      for (const input of inputs) {
        for (const criteriaMode of ['firstError', 'all'] as const) {
          const expected = await eager(structuredClone(input), undefined, options(criteriaMode));
          const actual = await lazy(structuredClone(input), undefined, options(criteriaMode));
          expect(actual).toEqual(expected);
        }
      }
    });
  }

  it('loads the schema once, whether prefetched or not, and only when asked', async () => {
    const load = vi.fn(async () => loginSchema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.prefetch();
    resolver.prefetch();
    await resolver({ email: 'a@b.co', password: 'x' }, undefined, options());
    await resolver({ email: '', password: '' }, undefined, options());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next validation', async () => {
    const load = vi
      .fn<() => Promise<typeof loginSchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(loginSchema);
    const resolver = lazyZodResolver(load);
    resolver.prefetch();
    await expect(resolver({ email: '', password: '' }, undefined, options())).rejects.toThrow('offline');
    const result = await resolver({ email: '', password: '' }, undefined, options());
    expect(result.errors.password?.message).toBe('Please enter your password');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
