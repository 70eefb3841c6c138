import { festival } from '@/lib/festival';

/** A session's start and end as the volunteer reads them: India time, whatever the phone's zone. */
export function sessionTimes(startsAt: string, endsAt: string): string {
  const day = new Date(startsAt).toLocaleDateString('en-IN', {
    timeZone: festival.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString('en-IN', {
      timeZone: festival.timeZone,
      hour: 'numeric',
      minute: '2-digit',
    });
  return `${day}, ${time(startsAt)} to ${time(endsAt)}`;
}

export function timeInIndia(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-IN', {
    timeZone: festival.timeZone,
    hour: 'numeric',
    minute: '2-digit',
  });
}
