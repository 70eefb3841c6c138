'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { textLinkClass } from '@/components/forms/field-classes';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { setNavState } from '@/lib/nav-state';
import { basicEmailPattern } from '@/lib/schemas/auth-rules';

/** Forgot password: asks for a reset code by e-mail; the button waits for a plausible address. */
export function ForgotPasswordForm() {
  const router = useRouter();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const trimmed = email.trim();
  const plausible = basicEmailPattern.test(trimmed);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!plausible || pending) return;
    setPending(true);
    try {
      const answer = await api.post('/api/forgot-password', { email: trimmed });
      toast({
        title: 'Success',
        description: answer.message || 'OTP sent to the registered mail.',
        variant: 'success',
      });
      setNavState('/reset-password', { email: trimmed, sentAt: Date.now() });
      router.push('/reset-password');
    } catch (error) {
      toast({ title: messageOf(error, 'Something went wrong'), variant: 'error' });
      setPending(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint="We'll e-mail you a six-digit code to set a new password."
        />
        <SubmitButton disabled={!plausible} pending={pending}>
          Request Otp
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-parchment/85">
        Don&apos;t have an account?{' '}
        <Link href="/register" className={textLinkClass}>
          Register Here.
        </Link>
      </p>
    </>
  );
}
