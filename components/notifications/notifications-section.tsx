'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '@/lib/api-client';
import { startsFromCopy, type ServerCopy } from '@/components/profile/from-server';
import type { ReminderChannel } from '@/lib/schemas/announcement-rules';
import { AnnouncementList } from './announcement-list';
import { chooseReminderChannel, fetchMyNotifications, type MyNotifications } from './notifications-api';
import { PushSwitch } from './push-switch';
import { ReminderChoice } from './reminder-choice';
import { usePushDevice } from './use-push-device';

type Load = { status: 'loading' } | { status: 'ready'; settings: MyNotifications } | { status: 'failed' };

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** "since 27 Nov 2026"; nothing for a date that does not parse (format() would throw on it). */
function since(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `since ${dayFormat.format(date)}`;
}

/**
 * The profile's "Notifications" (docs/announcements.md): pushes on this phone, the person's devices that
 * have them, how session reminders travel, and the announcements sent to them. Loads on its own, like
 * the timetable, and says nothing alarming when it cannot (the rest of the profile goes on).
 * `initial`: the page's copy of the settings, shown at once (all but this phone's state, which only the
 * browser knows); read again after a change, or when the copy is old or shown again (startsFromCopy).
 */
export function NotificationsSection({ initial }: { initial?: ServerCopy<MyNotifications> }) {
  const [load, setLoad] = useState<Load>(() =>
    initial ? { status: 'ready', settings: initial.value } : { status: 'loading' },
  );
  const [firstCopy] = useState(initial);
  const [version, setVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState('');
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // The read on its way, if any: a choice made meanwhile outdates it (see choose).
  const reading = useRef<AbortController | null>(null);

  useEffect(() => {
    if (version === 0 && startsFromCopy(firstCopy, 'notifications')) return;
    const controller = new AbortController();
    reading.current = controller;
    fetchMyNotifications(controller.signal).then(
      (settings) => setLoad({ status: 'ready', settings }),
      () => {
        if (controller.signal.aborted) return;
        // A read again after a change keeps what is shown; the first read (an old document's copy on
        // screen) says it could not, as it would have with nothing on screen.
        setLoad((was) => (was.status === 'ready' && version > 0 ? was : { status: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [version, firstCopy]);

  const settings = load.status === 'ready' ? load.settings : null;
  const push = usePushDevice(load.status === 'ready' ? load.settings.pushKey : undefined, reload);

  async function choose(reminderChannel: ReminderChannel) {
    if (!settings) return;
    // A read still on its way (the page's copy looked old: a phone clock off by minutes) would answer
    // with the choice as it was and put it back on screen; the save answers with the settings anew.
    reading.current?.abort();
    const before = settings;
    // Shown chosen at once (a radio that stays put until the server answers looks broken); put back if the
    // server refuses.
    setLoad({ status: 'ready', settings: { ...before, reminderChannel } });
    setSaving(true);
    setSaid('');
    try {
      const next = await chooseReminderChannel(reminderChannel);
      setLoad({ status: 'ready', settings: next });
      setSaid('Your reminder choice is saved.');
    } catch (error) {
      setLoad({ status: 'ready', settings: before });
      setSaid(messageOf(error, 'Your reminder choice could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="notifications" className={cardClass}>
      <h2 id="notifications" className="font-display text-xl text-gold">
        Notifications
      </h2>
      {load.status === 'loading' ? (
        <p className="mt-4 text-parchment/80">Loading your notifications…</p>
      ) : null}
      {load.status === 'failed' ? (
        <p className="mt-4 text-parchment/80">Your notification settings could not be loaded just now.</p>
      ) : null}
      {settings ? (
        <div className="mt-4 flex flex-col gap-6">
          <PushSwitch {...push} />
          {settings.devices.length > 0 ? (
            <div>
              <h3 className="font-display text-sm tracking-wide text-gold">Devices with notifications on</h3>
              <ul aria-label="Devices with notifications on" className="mt-2 flex flex-col gap-1">
                {settings.devices.map((device) => (
                  <li key={device.id}>
                    {device.device}{' '}
                    <span className="text-sm text-parchment/70">{since(device.createdAt)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ReminderChoice
            value={
              settings.reminderChannel === 'push' && settings.pushKey === null
                ? 'mail'
                : settings.reminderChannel
            }
            pushOffered={settings.pushKey !== null}
            saving={saving}
            onChange={(channel) => void choose(channel)}
          />
          <p role="status" aria-live="polite" className="-mt-4 text-sm text-parchment/80 empty:hidden">
            {said}
          </p>
          <div>
            <h3 className="font-display text-sm tracking-wide text-gold">Announcements for you</h3>
            <div className="mt-2">
              <AnnouncementList announcements={settings.announcements} />
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
