import { describe, expect, it } from 'vitest';
import { sectionGroupsFor } from '@/components/admin/admin-sections';
import {
  audienceInWords,
  channelsInWords,
  stateInWords,
} from '@/components/admin/announcements/announcement-text';
import { issuesToFieldErrors } from '@/components/admin/announcements/field-errors';
import { createAnnouncementSchema } from '@/lib/schemas/announcements';

/* The console's announcements in words, and the form's errors placed on the fields that show them. */

const names = {
  events: new Map([[7, 'Robo Wars']]),
  venues: new Map([[3, 'Great Hall']]),
};

const errorsOf = (input: unknown) => {
  const parsed = createAnnouncementSchema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return issuesToFieldErrors(parsed.error.issues);
};

describe('announcements in the console', () => {
  it('says an audience with its events, or its venue and festival day, by name', () => {
    expect(audienceInWords({ kind: 'events', eventIds: [7, 9] }, names)).toBe(
      'Registrants of Robo Wars, event #9',
    );
    expect(audienceInWords({ kind: 'venue_day', venueId: 3, day: '2027-02-21' }, names)).toBe(
      'People with a session at Great Hall on Day 2, Sun, 21 Feb',
    );
    expect(audienceInWords({ kind: 'stay_holders' }, names)).toBe('Stay holders');
  });

  it('says the channels and the state in a sentence', () => {
    expect(channelsInWords(['push', 'mail', 'banner'])).toBe('Push, mail and banner');
    expect(channelsInWords(['mail'])).toBe('Mail');
    expect(stateInWords({ state: 'cancelled', sendAt: '2027-02-21T04:30:00Z', sentAt: null })).toBe(
      'Cancelled',
    );
    expect(stateInWords({ state: 'scheduled', sendAt: '2027-02-21T04:30:00Z', sentAt: null })).toBe(
      'Scheduled for 21 Feb 2027, 10:00 am',
    );
  });

  it('puts each refusal on its field, a list item’s on the list', () => {
    expect(
      errorsOf({
        title: ' ',
        body: 'Hello',
        audience: { kind: 'events', eventIds: [] },
        channels: ['pigeon'],
      }),
    ).toEqual({
      title: { type: 'validation', message: 'Title is required.' },
      audience: { eventIds: { type: 'validation', message: 'Choose at least one event.' } },
      channels: { type: 'validation', message: 'Each channel must be push, mail or banner.' },
    });
    expect(
      errorsOf({
        title: 'A',
        body: 'B',
        audience: { kind: 'venue_day', venueId: '', day: '' },
        channels: [],
      }),
    ).toMatchObject({
      audience: { venueId: { message: expect.any(String) }, day: { message: expect.any(String) } },
      channels: { message: 'Choose at least one channel.' },
    });
  });

  it('is in the organisers’ menu, not the volunteers’', () => {
    const labels = (role: string) => sectionGroupsFor(role).flatMap((g) => g.sections.map((s) => s.label));
    expect(labels('organiser')).toContain('Announcements');
    expect(labels('volunteer')).not.toContain('Announcements');
  });
});
