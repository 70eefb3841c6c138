'use client';

import { useId, useState } from 'react';
import { api } from '@/lib/api-client';
import { actionButtonClass, dangerButtonClass } from './ui/buttons';
import { useConsoleWrite } from './ui/use-console-write';
import { inputClass, labelClass } from '@/components/forms/field-classes';

/**
 * Withdraw a pass that was lost or handed on (the gate then refuses it), or give it back. The server's
 * answer, a success or a refusal such as a mistyped code, stays in view under the buttons.
 */
export function PassRevocation() {
  const id = useId();
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const { write, busy } = useConsoleWrite();

  async function send(revoked: boolean) {
    if (revoked && !window.confirm('Revoke this pass? The gate will refuse it until it is restored.')) return;
    const result = await write(async () => {
      const answer = await api.post('/api/admin/passes/revocation', { code, revoked });
      setOutcome(answer.message);
      return answer;
    }, 'The pass could not be changed.');
    if (!result.ok) setOutcome(result.message);
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 max-w-xl rounded-2xl border border-white/10 p-5"
    >
      <h2 id={`${id}-heading`} className="font-display text-xl text-gold">
        Revoke or restore a pass
      </h2>
      <p className="mt-1 text-parchment/85">For a pass that was lost or handed on to someone else.</p>
      <label htmlFor={`${id}-code`} className={`${labelClass} mt-4 block`}>
        Code of the pass to revoke or restore
      </label>
      <input
        id={`${id}-code`}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className={inputClass}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={dangerButtonClass}
          disabled={busy || code.trim() === ''}
          onClick={() => void send(true)}
        >
          Revoke pass
        </button>
        <button
          type="button"
          className={actionButtonClass}
          disabled={busy || code.trim() === ''}
          onClick={() => void send(false)}
        >
          Restore pass
        </button>
      </div>
      {outcome ? (
        <p role="status" className="mt-3">
          {outcome}
        </p>
      ) : null}
    </section>
  );
}
