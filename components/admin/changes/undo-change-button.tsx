'use client';

import { useState } from 'react';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { ConfirmStepButton } from '@/components/forms/confirm-step-button';
import { api } from '@/lib/api-client';

/**
 * Undo a participant's cancellation, in two steps. The server refuses when the place has gone on or money
 * was refunded; its reason stays in view beside the change.
 */
export function UndoChangeButton({ changeId, summary }: { changeId: string; summary: string }) {
  const { write } = useConsoleWrite();
  const [refusal, setRefusal] = useState('');

  async function undo(): Promise<boolean> {
    setRefusal('');
    const result = await write(
      () => api.post(`/api/admin/changes/${encodeURIComponent(changeId)}/undo`),
      'The cancellation could not be undone.',
    );
    if (!result.ok) setRefusal(result.message);
    return result.ok;
  }

  return (
    <>
      <ConfirmStepButton
        question={`Undo the cancellation of ${summary}?`}
        consequence="The participant gets it back as before, and is mailed that it is theirs again."
        yes="Yes, undo"
        no="Keep it cancelled"
        onConfirm={undo}
      >
        Undo<span className="sr-only"> the cancellation of {summary}</span>
      </ConfirmStepButton>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-200">
          {refusal}
        </p>
      ) : null}
    </>
  );
}
