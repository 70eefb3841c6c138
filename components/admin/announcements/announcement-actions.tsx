'use client';

import { useState } from 'react';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { ConfirmStepButton } from '@/components/forms/confirm-step-button';
import { api } from '@/lib/api-client';

/**
 * Cancel (while it is scheduled) and End banner (while its banner is up), each in two steps, as neither
 * can be taken back. A refusal (it went out meanwhile) stays in view beside the buttons.
 */
export function AnnouncementActions({
  id,
  title,
  canCancel,
  canEndBanner,
}: {
  id: string;
  title: string;
  canCancel: boolean;
  canEndBanner: boolean;
}) {
  const { write } = useConsoleWrite();
  const [refusal, setRefusal] = useState('');

  async function act(path: 'cancel' | 'end-banner', fallback: string): Promise<boolean> {
    setRefusal('');
    const result = await write(
      () => api.post(`/api/admin/announcements/${encodeURIComponent(id)}/${path}`),
      fallback,
    );
    if (!result.ok) setRefusal(result.message);
    return result.ok;
  }

  if (!canCancel && !canEndBanner) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      {canCancel ? (
        <ConfirmStepButton
          question={`Cancel the announcement ${title}?`}
          consequence="It will not be sent; nobody hears of it."
          yes="Yes, cancel it"
          no="Keep it scheduled"
          onConfirm={() => act('cancel', 'The announcement could not be cancelled.')}
        >
          Cancel<span className="sr-only"> the announcement {title}</span>
        </ConfirmStepButton>
      ) : null}
      {canEndBanner ? (
        <ConfirmStepButton
          question={`Take down the banner of ${title}?`}
          consequence="The public pages stop showing it at once."
          yes="Yes, end the banner"
          no="Keep it up"
          onConfirm={() => act('end-banner', 'The banner could not be taken down.')}
        >
          End banner<span className="sr-only"> of {title}</span>
        </ConfirmStepButton>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm text-red-200">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
