'use client';

import { useState } from 'react';
import { api, messageOf } from '@/lib/api-client';

/** The leave page's one action: posts the mail's token and shows the server's answer. */
export function LeaveTeamButton({ token }: { token: string }) {
  const [state, setState] = useState<{ busy: boolean; done: boolean; message: string | null }>({
    busy: false,
    done: false,
    message: null,
  });

  async function leave() {
    setState({ busy: true, done: false, message: null });
    try {
      const answer = await api.post('/api/event-register/leave-team', { token });
      setState({ busy: false, done: true, message: answer.message });
    } catch (error) {
      setState({ busy: false, done: false, message: messageOf(error, 'Something went wrong') });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {state.done ? null : (
        <button
          type="button"
          onClick={leave}
          disabled={state.busy}
          className="inline-flex min-h-11 items-center justify-center self-start rounded-full bg-gold px-5 py-2 font-display text-sm tracking-wide text-ink transition hover:bg-amber-300 disabled:opacity-60"
        >
          {state.busy ? 'Leaving…' : 'Leave this team'}
        </button>
      )}
      <p role="status" aria-live="polite" className="text-parchment/90">
        {state.message}
      </p>
    </div>
  );
}
