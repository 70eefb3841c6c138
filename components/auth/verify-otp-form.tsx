'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { previewResendMessage } from '@/components/preview/code-messages';
import { previewCodeFor } from '@/components/preview/deployment';
import { usePreviewDeployment } from '@/components/preview/use-preview-deployment';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { clearNavState, setNavState } from '@/lib/nav-state';
import { CodeField } from './code-field';
import { HandedOverEmail } from './handed-over-email';
import { handOverToLogin } from './login-hand-over';
import { ResendCode } from './resend-code';
import { useNavEmail } from './use-nav-email';

const otpPath = '/otp';

/**
 * /otp: the account verification screen. Needs the e-mail the registration (or login) screen handed over,
 * which only the browser has: the form is in the document and the address is filled in after hydration.
 */
export function VerifyOtpScreen() {
  const router = useRouter();
  const { toast } = useToast();
  const onMissing = useCallback(() => {
    toast({ title: 'Something went wrong', variant: 'error' });
    router.replace('/register');
  }, [toast, router]);
  const state = useNavEmail(otpPath, onMissing);
  const email = state?.email;
  const preview = usePreviewDeployment();
  const [previewCode, setPreviewCode] = useState<string | null>(null);
  // Bumped after each resend: a preview then has a new code to show this browser.
  const [codesSent, setCodesSent] = useState(0);
  const [otp, setOtp] = useState('');
  const [pending, setPending] = useState(false);

  // A preview deployment mails nobody, so it shows the code, to the browser that signed up only (the
  // server reads it from that browser's sign-up cookie); elsewhere this finds none.
  useEffect(() => {
    if (!email) return;
    let current = true;
    previewCodeFor(email)
      .then((code) => current && setPreviewCode(code))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [email, codesSent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !email) return;
    setPending(true);
    try {
      const answer = await api.post('/api/validate-otp', { email, otp });
      toast({ title: answer.message || 'Account Verified, You can Login !', variant: 'success' });
      clearNavState(otpPath);
      // The login form starts with the address just verified.
      handOverToLogin(email);
      router.push('/login');
    } catch (error) {
      toast({ title: messageOf(error, 'Invalid Otp'), variant: 'error' });
      setPending(false);
    }
  }

  return (
    <>
      <CodeIntro email={email} preview={preview} codeShown={previewCode !== null} />
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
        sentAt={state?.sentAt}
        issuedMessage={preview ? previewResendMessage : undefined}
        onSent={(sentAt) => {
          if (email) setNavState(otpPath, { email, sentAt });
          setCodesSent((count) => count + 1);
        }}
      />
    </>
  );
}

/** What the screen says of the code: mailed, or (a preview mails nobody) shown in the preview box. */
function CodeIntro({
  email,
  preview,
  codeShown,
}: {
  email: string | undefined;
  preview: boolean;
  codeShown: boolean;
}) {
  const address = <HandedOverEmail email={email} />;
  return (
    <p className="mb-6 text-center text-parchment/85">
      {codeShown ? (
        <>Your six-digit code for {address} is shown below. Enter it to verify your account.</>
      ) : preview ? (
        <>Enter the six-digit code for {address} to verify your account.</>
      ) : (
        <>Enter the six-digit code we sent to {address} to verify your account.</>
      )}
    </p>
  );
}
