import type { Audience } from '@/lib/schemas/announcements';
import { audienceLabels } from '@/lib/schemas/announcement-rules';
import { formatDateTime } from '@/lib/format';
import { dayLabel, festivalDays } from '@/lib/timetable';

/*
 * How an announcement reads in the console: whom it is for, where it stands and its delivery counts in
 * words. Shared by the list, the announcement's page and the form's preview, so they all say the same.
 */

/** The names an audience's ids stand for: events and venues as the console lists them. */
export interface AudienceNames {
  events: ReadonlyMap<number, string>;
  venues: ReadonlyMap<number, string>;
}

/** "Day 2, Sun, 21 Feb" for a festival day; the date itself for any other. */
export function festivalDayLabel(date: string): string {
  const day = festivalDays.find((d) => d.date === date);
  const noon = `${date}T12:00:00+05:30`;
  return day ? `${day.label}, ${dayLabel(noon)}` : dayLabel(noon);
}

/**
 * The audience in words, naming the events or the venue and day (an event or venue deleted since is
 * named by its number, so the line still says who it was for).
 */
export function audienceInWords(audience: Audience, names: AudienceNames): string {
  switch (audience.kind) {
    case 'events': {
      const events = audience.eventIds.map((id) => names.events.get(id) ?? `event #${id}`);
      return `Registrants of ${events.join(', ')}`;
    }
    case 'venue_day': {
      const venue = names.venues.get(audience.venueId) ?? `venue #${audience.venueId}`;
      return `People with a session at ${venue} on ${festivalDayLabel(audience.day)}`;
    }
    default:
      return audienceLabels[audience.kind];
  }
}

export const channelLabels = { push: 'Push', mail: 'Mail', banner: 'Banner' } as const;

/** "Push, mail and banner". */
export function channelsInWords(channels: readonly (keyof typeof channelLabels)[]): string {
  const words = channels.map((c, i) => (i === 0 ? channelLabels[c] : channelLabels[c].toLowerCase()));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** Where an announcement stands: "Scheduled for …", "Sent …" or "Cancelled". */
export function stateInWords(announcement: {
  state: 'scheduled' | 'sending' | 'cancelled';
  sendAt: string;
  sentAt: string | null;
}): string {
  if (announcement.state === 'cancelled') return 'Cancelled';
  if (announcement.state === 'scheduled') return `Scheduled for ${formatDateTime(announcement.sendAt)}`;
  return `Sent ${formatDateTime(announcement.sentAt ?? announcement.sendAt)}`;
}

/** "1 person", "12 people". */
export function peopleCount(n: number): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? 'person' : 'people'}`;
}

/** The states each personal channel reports, in the order the console lists them. */
export const channelStates = {
  push: ['delivered', 'queued', 'failed', 'unreachable'],
  mail: ['sent', 'queued', 'failed'],
} as const;

export const stateLabels = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  unreachable: 'Unreachable',
} as const;

export type DeliveryState = keyof typeof stateLabels;

/** Per personal channel, how many people are in each state (the server's DeliveryCounts). */
export type ChannelCounts = Record<'push' | 'mail', Record<DeliveryState, number>>;
