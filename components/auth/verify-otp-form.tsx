'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { useHydrated } from '@/components/forms/use-hydrated';
import { InlineLoader } from '@/components/forms/inline-loader';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { clearNavState, setNavState } from '@/lib/nav-state';
import { CodeField } from './code-field';
import { ResendCode } from './resend-code';
import { useNavEmail } from './use-nav-email';

const otpPath = '/otp';

/** /otp: the account verification screen. Needs the e-mail the registration (or login) screen handed over. */
export function VerifyOtpScreen() {
  return useHydrated() ? <VerifyOtpForm /> : <InlineLoader />;
}

function VerifyOtpForm() {
  const router = useRouter();
  const { toast } = useToast();
  const onMissing = useCallback(() => {
    toast({ title: 'Something went wrong', variant: 'error' });
    router.replace('/register');
  }, [toast, router]);
  const state = useNavEmail(otpPath, onMissing);
  const [previewCode, setPreviewCode] = useState(state?.previewCode);
  const [otp, setOtp] = useState('');
  const [pending, setPending] = useState(false);

  if (!state) return <InlineLoader />;
  const { email } = state;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const answer = await api.post('/api/validate-otp', { email, otp });
      toast({ title: answer.message || 'Account Verified, You can Login !', variant: 'success' });
      clearNavState(otpPath);
      router.push('/login');
    } catch (error) {
      toast({ title: messageOf(error, 'Invalid Otp'), variant: 'error' });
      setPending(false);
    }
  }

  return (
    <>
      <p className="mb-6 text-center text-parchment/85">
        We sent a six-digit code to <strong className="break-words text-parchment">{email}</strong>. Enter it
        below to verify your account.
      </p>
      {previewCode ? (
        <p
          data-testid="preview-code"
          className="mb-6 rounded border border-amber-300/60 bg-amber-300/10 p-3 text-center text-amber-100"
        >
          Preview: this deployment sends no mail, so your code is shown here:{' '}
          <strong className="font-mono tracking-widest">{previewCode}</strong>
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <CodeField
          label="Verification code"
          name="otp"
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          autoFocus
        />
        <SubmitButton pending={pending}>Verify Account</SubmitButton>
      </form>
      <ResendCode
        email={email}
        purpose="verify"
        sentAt={state.sentAt}
        onSent={(sentAt, code) => {
          setPreviewCode(code);
          setNavState(otpPath, { email, sentAt, previewCode: code });
        }}
      />
    </>
  );
}
