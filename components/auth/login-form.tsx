'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { textLinkClass } from '@/components/forms/field-classes';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { PasswordField } from '@/components/forms/password-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useDeferredForm } from '@/components/forms/use-deferred-form';
import { useToast } from '@/components/toast/toast-provider';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { takeReturnPath } from '@/lib/return-path';
import type { loginSchema } from '@/lib/schemas/auth';
import { useAuth } from './auth-provider';
import { takeLoginEmail } from './login-hand-over';
import { VerifyAccountPrompt } from './verify-account-prompt';
import { submitOnce } from '@/components/forms/submit-once';

type LoginValues = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

const loginResolver = lazyZodResolver<LoginValues, LoginOutput>(() =>
  import('@/lib/schemas/auth').then((m) => m.loginSchema),
);

/** The login form: e-mail and password; an unverified account is offered a fresh verification code. */
export function LoginForm() {
  const router = useRouter();
  const { toast } = useToast();
  const { authorize } = useAuth();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
    prefetch,
  } = useDeferredForm<LoginValues, LoginOutput>({ resolver: loginResolver });

  // Arriving from verifying (or resetting a password): the e-mail is filled in and the password is
  // next. Read after hydration (sessionStorage is the browser's), and never over what was typed already.
  useEffect(() => {
    const email = takeLoginEmail();
    if (!email || getValues('email')) return;
    setValue('email', email);
    setFocus('password');
  }, [getValues, setValue, setFocus]);

  async function submit(values: LoginOutput) {
    setUnverifiedEmail(null);
    try {
      const answer = await api.post<{ first_name?: string }>('/api/login', values);
      const token = typeof answer.token === 'string' ? answer.token : '';
      if (!token || !authorize(token)) {
        toast({ title: 'Something went wrong !', variant: 'error' });
        return;
      }
      toast({ title: `Welcome back ${answer.data?.first_name || 'User'}`, variant: 'success' });
      // Back to the guarded screen that sent the visitor here (an offer link keeps its ?offer=), else home.
      router.push(takeReturnPath() ?? '/');
    } catch (error) {
      toast({
        title: 'Login Failed',
        description: messageOf(error, 'Something went wrong'),
        variant: 'error',
      });
      if (error instanceof ApiError && error.status === 403 && error.reason === 'unverified') {
        setUnverifiedEmail(values.email);
      }
    }
  }

  return (
    <>
      <form
        noValidate
        onSubmit={submitOnce(isSubmitting, handleSubmit(submit))}
        onFocus={prefetch}
        className="flex flex-col gap-5"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="mt-2 text-right">
            <Link href="/forgot-password" className={`${textLinkClass} text-base`}>
              Forgotten your password?
            </Link>
          </p>
        </div>
        <SubmitButton pending={isSubmitting}>Log in</SubmitButton>
      </form>
      {unverifiedEmail ? <VerifyAccountPrompt email={unverifiedEmail} /> : null}
      <p className="mt-6 text-center text-parchment/85">
        Don&apos;t have an account?{' '}
        <Link href="/register" className={textLinkClass}>
          Register here.
        </Link>
      </p>
    </>
  );
}
