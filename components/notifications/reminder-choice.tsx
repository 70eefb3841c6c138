'use client';

import { useId } from 'react';
import { reminderLeadMinutes, type ReminderChannel } from '@/lib/schemas/announcement-rules';

const labels: Record<ReminderChannel, string> = {
  push: 'On this phone (a notification)',
  mail: 'By mail',
  off: 'No reminders',
};

/**
 * How the reminders before each of the person's sessions travel. Without the site's push keys only mail
 * and none are offered; a push reminder with no device on goes by mail (the server's rule).
 */
export function ReminderChoice({
  value,
  pushOffered,
  saving,
  onChange,
}: {
  value: ReminderChannel;
  pushOffered: boolean;
  saving: boolean;
  onChange: (channel: ReminderChannel) => void;
}) {
  const name = useId();
  const choices: ReminderChannel[] = pushOffered ? ['push', 'mail', 'off'] : ['mail', 'off'];
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={saving || undefined}>
      <legend className="font-display text-sm tracking-wide text-gold">Reminders</legend>
      <p className="text-sm text-parchment/80">{reminderLeadMinutes} minutes before each of your sessions.</p>
      {choices.map((channel) => (
        <label key={channel} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="radio"
            name={name}
            value={channel}
            checked={value === channel}
            disabled={saving}
            onChange={() => onChange(channel)}
            className="h-5 w-5 accent-gold"
          />
          <span>{labels[channel]}</span>
        </label>
      ))}
    </fieldset>
  );
}
