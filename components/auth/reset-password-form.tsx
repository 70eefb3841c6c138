'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { textLinkClass } from '@/components/forms/field-classes';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { PasswordField } from '@/components/forms/password-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useDeferredForm } from '@/components/forms/use-deferred-form';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { clearNavState, setNavState } from '@/lib/nav-state';
import type { ResetPasswordForm as ResetValues } from '@/lib/schemas/auth';
import { CodeField } from './code-field';
import { HandedOverEmail } from './handed-over-email';
import { handOverToLogin } from './login-hand-over';
import { ResendCode } from './resend-code';
import { useNavEmail } from './use-nav-email';
import { submitOnce } from '@/components/forms/submit-once';

const resetPath = '/reset-password';

const resetResolver = lazyZodResolver<ResetValues, ResetValues>(() =>
  import('@/lib/schemas/auth').then((m) => m.resetPasswordFormSchema),
);

/**
 * /reset-password: the code from the mail and a new password. Needs the e-mail from /forgot-password, which
 * only the browser has: the form is in the document and the address is filled in after hydration.
 */
export function ResetPasswordScreen() {
  const router = useRouter();
  const { toast } = useToast();
  const onMissing = useCallback(() => {
    toast({ title: 'Error', description: 'Something went wrong', variant: 'error' });
    router.replace('/forgot-password');
  }, [toast, router]);
  const state = useNavEmail(resetPath, onMissing);
  const {
    register,
    handleSubmit,
    prefetch,
    formState: { errors, isSubmitting },
  } = useDeferredForm<ResetValues, ResetValues>({
    resolver: resetResolver,
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });

  const email = state?.email;

  async function submit(values: ResetValues) {
    if (!email) return;
    try {
      const answer = await api.post('/api/reset-password', {
        email,
        otp: values.otp,
        newPassword: values.newPassword,
      });
      toast({
        title: answer.message || 'Password changed, You can Login with new password !',
        variant: 'success',
      });
      clearNavState(resetPath);
      handOverToLogin(email);
      router.push('/login');
    } catch (error) {
      toast({ title: messageOf(error, 'Invalid Otp'), variant: 'error' });
    }
  }

  const otpField = register('otp');
  return (
    <>
      <p className="mb-6 text-center text-parchment/85">
        Enter the code we sent to <HandedOverEmail email={email} /> and choose a new password.
      </p>
      <form
        noValidate
        onSubmit={submitOnce(isSubmitting, handleSubmit(submit))}
        onFocus={prefetch}
        className="flex flex-col gap-5"
      >
        <CodeField label="Code from the mail" error={errors.otp?.message} {...otpField} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          defaultVisible
          hint="6 to 10 characters"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton pending={isSubmitting} busyIndicator="dots">
          Reset Password
        </SubmitButton>
      </form>
      <ResendCode
        email={email}
        purpose="reset"
        sentAt={state?.sentAt}
        onSent={(sentAt) => {
          if (email) setNavState(resetPath, { email, sentAt });
        }}
      />
      <p className="mt-4 text-center text-parchment/85">
        Don&apos;t have an account?{' '}
        <Link href="/register" className={textLinkClass}>
          Register here.
        </Link>
      </p>
    </>
  );
}
