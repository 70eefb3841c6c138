'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/forms/spinner';
import { codeIssuedMessage, previewResendMessage } from '@/components/preview/code-messages';
import { isPreviewDeployment } from '@/components/preview/use-preview-deployment';
import { useToast } from '@/components/toast/toast-provider';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { setNavState } from '@/lib/nav-state';
import { resendCooldownSeconds } from '@/lib/schemas/auth-rules';

/**
 * Shown when a login is refused because the account is not verified yet: sends a fresh code and takes
 * the visitor to /otp with the e-mail in navigation state.
 */
export function VerifyAccountPrompt({ email }: { email: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [sending, setSending] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    boxRef.current?.focus();
  }, [email]);

  async function sendCode() {
    if (sending) return;
    setSending(true);
    let sentAt = Date.now();
    try {
      const answer = await api.post('/api/resend-otp', { email, purpose: 'verify' });
      toast({
        title: codeIssuedMessage({
          preview: await isPreviewDeployment(),
          previewMessage: previewResendMessage,
          serverMessage: answer.message,
          fallback: 'A new code is on its way to your mail.',
        }),
        variant: 'success',
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429)) {
        toast({ title: messageOf(error, 'Something went wrong'), variant: 'error' });
        setSending(false);
        return;
      }
      // A code was sent moments ago: use it, and let /otp count down the rest of the cool-down.
      toast({
        title: messageOf(error, 'A code was sent recently, please check your mail.'),
        variant: 'info',
      });
      const wait = error.retryAfter ?? resendCooldownSeconds;
      sentAt = Date.now() - (resendCooldownSeconds - wait) * 1000;
    }
    setNavState('/otp', { email, sentAt });
    router.push('/otp');
  }

  return (
    <div
      ref={boxRef}
      tabIndex={-1}
      className="mt-6 rounded-xl border border-ember/60 bg-ember/10 p-4 text-center"
    >
      <p className="font-display text-gold">Your account is not verified yet</p>
      <p className="mt-1 text-parchment/85">
        We&apos;ll send a fresh six-digit code to <strong className="break-words">{email}</strong>.
      </p>
      <button
        type="button"
        onClick={sendCode}
        aria-disabled={sending || undefined}
        className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-gold px-5 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10"
      >
        {sending ? <Spinner className="h-4 w-4" /> : null}
        Verify your account
      </button>
    </div>
  );
}
