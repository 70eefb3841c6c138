'use client';

import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { codeLifetimeMinutes, resendCooldownSeconds } from '@/lib/schemas/auth-rules';

interface ResendCodeProps {
  /** Undefined until the screen has read it (after hydration): the button waits for it. */
  email: string | undefined;
  purpose: 'verify' | 'reset';
  /** When the current code was sent; the button waits out the cool-down from then. */
  sentAt?: number;
  /** Called with the new send time, so the screen can keep it across a reload. */
  onSent?: (sentAt: number) => void;
  /**
   * What the toast says once a new code is issued, in place of the server's "sent to your e-mail": a
   * preview deployment shows the code on screen and mails nobody.
   */
  issuedMessage?: string;
}

/** 'Resend code': asks for a fresh code, then counts down the cool-down before it can be asked again. */
export function ResendCode({ email, purpose, sentAt, onSent, issuedMessage }: ResendCodeProps) {
  const { toast } = useToast();
  // The cool-down runs from the code the previous screen sent (known after hydration) or from a wait this
  // button was told of since, whichever ends later.
  const [waitUntil, setWaitUntil] = useState(0);
  const availableAt = Math.max(waitUntil, (sentAt ?? 0) + resendCooldownSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const secondsLeft = Math.max(0, Math.ceil((availableAt - now) / 1000));
  const waiting = secondsLeft > 0;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  function waitFor(seconds: number) {
    const start = Date.now();
    setNow(start);
    setWaitUntil(start + seconds * 1000);
  }

  async function resend() {
    if (waiting || sending || !email) return;
    setSending(true);
    try {
      const answer = await api.post('/api/resend-otp', { email, purpose });
      const sent = Date.now();
      waitFor(resendCooldownSeconds);
      onSent?.(sent);
      toast({
        title: issuedMessage ?? (answer.message || 'A new code is on its way to your mail.'),
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429)
        waitFor(error.retryAfter ?? resendCooldownSeconds);
      toast({ title: messageOf(error, 'Something went wrong'), variant: 'error' });
    } finally {
      setSending(false);
    }
  }

  const inactive = waiting || sending || !email;
  // Once a code has had a minute to arrive, say that mail can be late (an SMTP outage delays it, and a code
  // that can no longer be used is never sent), and that a new code is the way on.
  const maybeLate = sentAt !== undefined && !waiting && !sending;
  return (
    <>
      {maybeLate && (
        <p role="status" className="mt-5 text-center text-base text-parchment/85">
          Mail can run late. A code lasts {codeLifetimeMinutes} minutes: if yours has not come, ask for a new
          one.
        </p>
      )}
      <p className="mt-5 text-center text-base text-parchment/85">
        Didn&apos;t get the code?{' '}
        <button
          type="button"
          onClick={resend}
          aria-disabled={inactive || undefined}
          className={`inline-flex min-h-11 items-center rounded px-1 font-semibold underline-offset-4 transition ${
            inactive ? 'cursor-not-allowed text-parchment/70' : 'text-gold underline hover:text-amber-300'
          }`}
        >
          {waiting ? `Resend code in ${secondsLeft}s` : sending ? 'Sending…' : 'Resend code'}
        </button>
      </p>
    </>
  );
}
