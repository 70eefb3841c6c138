import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  festivalDayNumber,
  fitLines,
  liveWhen,
  nowAndNext,
  sameSessions,
  todayFirstCss,
  todayScript,
  toLiveSessions,
  type LiveSession,
} from '@/components/schedule/live-schedule';
import type { FestivalEvent } from '@/lib/content-types';
import {
  categoryJsonLd,
  eventJsonLd,
  indiaDateTime,
  pagePlaces,
  scheduleJsonLd,
} from '@/lib/structured-data';
import {
  byTime,
  clockTime,
  dayLabel,
  eventOverlaps,
  festivalDayOf,
  festivalDays,
  localInputValue,
  overlaps,
  sessionTitle,
  sessionWhen,
  timeRange,
  venueClashes,
  type TimetableSession,
} from '@/lib/timetable';

/** A session at India times ("2027-02-20T10:00"), in the shape every reader gets. */
function session(
  id: number,
  start: string,
  end: string,
  fields: Partial<TimetableSession> = {},
): TimetableSession {
  return {
    id,
    eventId: id,
    eventName: `Event ${id}`,
    roundName: null,
    venueId: 1,
    venueName: 'Main Hall',
    venueMapUrl: null,
    startsAt: new Date(`${start}:00+05:30`).toISOString(),
    endsAt: new Date(`${end}:00+05:30`).toISOString(),
    sequence: 0,
    ...fields,
  };
}

const ms = (indiaTime: string) => Date.parse(`${indiaTime}:00+05:30`);

describe('festival days', () => {
  it('are Day 1 to Day 4 on 20 to 23 February', () => {
    expect(festivalDays.map((d) => `${d.label} ${d.date}`)).toEqual([
      'Day 1 2027-02-20',
      'Day 2 2027-02-21',
      'Day 3 2027-02-22',
      'Day 4 2027-02-23',
    ]);
  });

  it('change at India midnight, not UTC midnight', () => {
    expect(festivalDayOf('2027-02-19T18:29:59.999Z')).toBeNull();
    expect(festivalDayOf('2027-02-19T18:30:00.000Z')?.label).toBe('Day 1');
    expect(festivalDayOf('2027-02-20T18:29:59.999Z')?.label).toBe('Day 1');
    expect(festivalDayOf('2027-02-20T18:30:00.000Z')?.label).toBe('Day 2');
    // Past UTC midnight of the 21st, India is still on the 21st morning.
    expect(festivalDayOf('2027-02-21T00:00:00.000Z')?.label).toBe('Day 2');
    expect(festivalDayOf('2027-02-23T18:29:59.999Z')?.label).toBe('Day 4');
    expect(festivalDayOf('2027-02-23T18:30:00.000Z')).toBeNull();
  });
});

describe('overlaps', () => {
  const a = session(1, '2027-02-20T10:00', '2027-02-20T12:00');

  it('holds when each starts before the other ends, either way round', () => {
    const b = session(2, '2027-02-20T11:59', '2027-02-20T13:00');
    expect(overlaps(a, b)).toBe(true);
    expect(overlaps(b, a)).toBe(true);
    expect(overlaps(a, session(3, '2027-02-20T10:30', '2027-02-20T11:00'))).toBe(true);
  });

  it('does not hold back to back or apart', () => {
    expect(overlaps(a, session(2, '2027-02-20T12:00', '2027-02-20T13:00'))).toBe(false);
    expect(overlaps(session(2, '2027-02-20T08:00', '2027-02-20T10:00'), a)).toBe(false);
    expect(overlaps(a, session(3, '2027-02-21T10:00', '2027-02-21T12:00'))).toBe(false);
  });
});

describe('venueClashes', () => {
  it('pairs overlapping sessions in the same venue once, earlier first', () => {
    const late = session(1, '2027-02-20T11:00', '2027-02-20T13:00');
    const early = session(2, '2027-02-20T10:00', '2027-02-20T12:00');
    const elsewhere = session(3, '2027-02-20T10:30', '2027-02-20T11:30', { venueId: 2 });
    const backToBack = session(4, '2027-02-20T13:00', '2027-02-20T14:00');
    const pairs = venueClashes([late, elsewhere, backToBack, early]);
    expect(pairs.map(([x, y]) => [x.id, y.id])).toEqual([[2, 1]]);
  });

  it('flags two sittings of one event in the same place at once', () => {
    const first = session(1, '2027-02-20T10:00', '2027-02-20T12:00', { eventId: 9 });
    const second = session(2, '2027-02-20T11:00', '2027-02-20T12:00', { eventId: 9 });
    expect(venueClashes([first, second])).toHaveLength(1);
  });

  it('finds a clash behind a long session that a shorter one sits inside', () => {
    const long = session(1, '2027-02-20T09:00', '2027-02-20T18:00');
    const short = session(2, '2027-02-20T10:00', '2027-02-20T10:30', { venueId: 2 });
    const later = session(3, '2027-02-20T17:00', '2027-02-20T19:00');
    expect(venueClashes([long, short, later]).map(([x, y]) => [x.id, y.id])).toEqual([[1, 3]]);
  });
});

describe('eventOverlaps', () => {
  it('pairs overlapping sessions of different events, wherever they are', () => {
    const quiz = session(1, '2027-02-21T10:00', '2027-02-21T12:00');
    const dance = session(2, '2027-02-21T11:00', '2027-02-21T12:30', { venueId: 5 });
    const touching = session(3, '2027-02-21T12:30', '2027-02-21T13:00');
    expect(eventOverlaps([dance, touching, quiz]).map(([x, y]) => [x.id, y.id])).toEqual([[1, 2]]);
  });

  it('never pairs two sittings of the same event', () => {
    const prelims = session(1, '2027-02-21T10:00', '2027-02-21T12:00', { eventId: 4 });
    const finals = session(2, '2027-02-21T11:00', '2027-02-21T13:00', { eventId: 4 });
    expect(eventOverlaps([prelims, finals])).toEqual([]);
  });
});

describe('byTime', () => {
  it('orders by start, then end, then event name, leaving its input alone', () => {
    const input = [
      session(1, '2027-02-21T10:00', '2027-02-21T12:00', { eventName: 'Quiz' }),
      session(2, '2027-02-20T18:00', '2027-02-20T19:00'),
      session(3, '2027-02-21T10:00', '2027-02-21T11:00', { eventName: 'Zumba' }),
      session(4, '2027-02-21T10:00', '2027-02-21T12:00', { eventName: 'Chess' }),
    ];
    expect(byTime(input).map((s) => s.id)).toEqual([2, 3, 4, 1]);
    expect(input.map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('formatting reads India time whatever the machine’s zone', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  // UTC-8 and UTC+14: the machine's own date differs from India's for these instants.
  const machineOffsets = { UTC: 0, 'America/Los_Angeles': 480, 'Pacific/Kiritimati': -840 };
  for (const [tz, offset] of Object.entries(machineOffsets)) {
    it(`with TZ=${tz}`, () => {
      process.env.TZ = tz;
      // The zone really is the machine's for this test (Node reads TZ again when it is set).
      expect(new Date('2027-02-20T00:00:00Z').getTimezoneOffset()).toBe(offset);
      const finals = session(1, '2027-02-20T00:30', '2027-02-20T02:15', {
        eventName: 'Robo Wars',
        roundName: 'Finals',
      });
      expect(clockTime(finals.startsAt)).toBe('00:30');
      expect(timeRange(finals.startsAt, finals.endsAt)).toBe('00:30–02:15');
      expect(dayLabel(finals.startsAt)).toBe('Sat, 20 Feb');
      expect(sessionWhen(finals)).toBe('Day 1, Sat, 20 Feb, 00:30–02:15');
      expect(localInputValue(finals.startsAt)).toBe('2027-02-20T00:30');
      const late = session(2, '2027-02-23T22:00', '2027-02-23T23:59');
      expect(sessionWhen(late)).toBe('Day 4, Tue, 23 Feb, 22:00–23:59');
    });
  }

  it('names a round with its event, and an event alone without one', () => {
    expect(sessionTitle({ eventName: 'Robo Wars', roundName: 'Finals' })).toBe('Robo Wars (Finals)');
    expect(sessionTitle({ eventName: 'Robo Wars', roundName: null })).toBe('Robo Wars');
  });
});

describe('the schedule’s today', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the festival day in India, null outside the festival', () => {
    expect(festivalDayNumber(ms('2027-02-19T23:59'))).toBeNull();
    expect(festivalDayNumber(ms('2027-02-20T00:00'))).toBe(1);
    expect(festivalDayNumber(ms('2027-02-21T11:00'))).toBe(2);
    expect(festivalDayNumber(ms('2027-02-23T23:59'))).toBe(4);
    expect(festivalDayNumber(ms('2027-02-24T00:00'))).toBeNull();
  });

  /** Runs the page's inline script with the clock at `indiaTime`; answers the attribute it set, if any. */
  function runTodayScript(indiaTime: string): string | undefined {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms(indiaTime));
    const set: Record<string, string> = {};
    const document = {
      currentScript: { parentNode: { setAttribute: (name: string, value: string) => (set[name] = value) } },
    };
    new Function('document', todayScript())(document);
    return set['data-today'];
  }

  it('is marked on the page by the inline script before the first paint', () => {
    expect(runTodayScript('2027-02-21T00:00')).toBe('2');
    expect(runTodayScript('2027-02-20T23:59')).toBe('1');
    expect(runTodayScript('2027-02-23T12:00')).toBe('4');
    expect(runTodayScript('2027-02-19T23:59')).toBeUndefined();
    expect(runTodayScript('2027-02-24T00:00')).toBeUndefined();
  });

  it('is drawn first by one CSS rule per day', () => {
    const css = todayFirstCss();
    for (const day of [1, 2, 3, 4]) {
      expect(css).toContain(`[data-today="${day}"] [data-day="${day}"]{order:-1}`);
    }
  });
});

describe('now and next', () => {
  const sessions = toLiveSessions([
    session(3, '2027-02-21T14:00', '2027-02-21T15:00', { eventName: 'Quiz' }),
    session(1, '2027-02-21T10:00', '2027-02-21T12:00', { eventName: 'Robo Wars', roundName: 'Prelims' }),
    session(2, '2027-02-21T11:00', '2027-02-21T13:00', { eventName: 'Dance' }),
    session(4, '2027-02-21T14:00', '2027-02-21T16:00', { eventName: 'Chess', venueName: 'Lab 2' }),
    session(5, '2027-02-22T09:00', '2027-02-22T10:00', { eventName: 'Yoga' }),
  ]);
  const ids = (list: LiveSession[]) => list.map((s) => s.id);

  it('are the strip’s small shape, in time order', () => {
    expect(sessions[0]).toEqual({
      id: 1,
      title: 'Robo Wars (Prelims)',
      venue: 'Main Hall',
      start: ms('2027-02-21T10:00'),
      end: ms('2027-02-21T12:00'),
    });
    // Quiz and Chess start together; Quiz ends first.
    expect(ids(sessions)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows what is in progress and every session starting next', () => {
    const at11 = nowAndNext(sessions, ms('2027-02-21T11:00'));
    expect(ids(at11.now)).toEqual([1, 2]);
    expect(ids(at11.next)).toEqual([3, 4]);
  });

  it('counts a session as on from its start to just before its end', () => {
    const atNoon = nowAndNext(sessions, ms('2027-02-21T12:00'));
    expect(ids(atNoon.now)).toEqual([2]);
    const beforeTen = nowAndNext(sessions, ms('2027-02-21T10:00') - 1);
    expect(ids(beforeTen.now)).toEqual([]);
    expect(ids(beforeTen.next)).toEqual([1]);
  });

  it('looks to the next day in the evening, and has nothing after the last session', () => {
    const evening = nowAndNext(sessions, ms('2027-02-21T20:00'));
    expect(evening.now).toEqual([]);
    expect(ids(evening.next)).toEqual([5]);
    expect(liveWhen(evening.next[0]!, ms('2027-02-21T20:00'))).toBe('Day 3, 09:00–10:00');
    expect(liveWhen(sessions[0]!, ms('2027-02-21T09:00'))).toBe('10:00–12:00');
    expect(nowAndNext(sessions, ms('2027-02-22T10:00'))).toEqual({ now: [], next: [] });
  });

  it('tells an unchanged minute from a change', () => {
    const a = nowAndNext(sessions, ms('2027-02-21T11:00'));
    expect(sameSessions(a, nowAndNext(sessions, ms('2027-02-21T11:01')))).toBe(true);
    expect(sameSessions(a, nowAndNext(sessions, ms('2027-02-21T12:00')))).toBe(false);
  });

  it('fits a column’s lines: all when they fit, else one fewer and a count of the rest', () => {
    expect(fitLines([1, 2, 3], 3)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(fitLines([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2], more: 3 });
    expect(fitLines([], 3)).toEqual({ shown: [], more: 0 });
  });
});

describe('the schedule’s structured data', () => {
  it('writes instants in India’s offset, to the second', () => {
    expect(indiaDateTime('2027-02-20T04:30:00.000Z')).toBe('2027-02-20T10:00:00+05:30');
    expect(indiaDateTime('2027-02-20T18:29:45.000Z')).toBe('2027-02-20T23:59:45+05:30');
  });

  it('is the festival with one subEvent per session at its venue', () => {
    const data = scheduleJsonLd(
      [
        session(1, '2027-02-20T10:00', '2027-02-20T12:30', {
          eventName: 'Robo Wars',
          roundName: 'Finals',
          venueName: 'Arena',
        }),
      ],
      'https://aetherfest.example',
    );
    expect(data['@type']).toBe('Festival');
    expect(data.url).toBe('https://aetherfest.example/schedule');
    expect(data.subEvent).toEqual([
      expect.objectContaining({
        '@type': 'Event',
        name: 'Robo Wars (Finals)',
        startDate: '2027-02-20T10:00:00+05:30',
        endDate: '2027-02-20T12:30:00+05:30',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      }),
    ]);
    expect(data.subEvent[0]!.location).toMatchObject({
      '@type': 'Place',
      name: 'Arena, Aetherfest Grounds, University Campus',
      address: { addressLocality: 'Gandhinagar', addressCountry: 'IN' },
    });
  });

  it('dates an event card’s event by its sessions: first start to last end, each a subEvent', () => {
    const event = {
      id: 7,
      categoryId: 1,
      name: 'Robo Wars',
      image_url: '/images/robo.png',
      description: 'Robots fight.',
      isRegistrationOpen: true,
      instituteFeeWaived: false,
      rule_book_pdf_url: null,
      poc1_name: 'A',
      poc1_phone_no: '+91 90000 00000',
      poc2_name: null,
      poc2_phone_no: null,
      venue: 'Old venue',
      startsAt: '2027-02-20T03:30:00.000Z',
      participations: [],
    } as unknown as FestivalEvent;
    const prelims = session(1, '2027-02-20T10:00', '2027-02-20T12:00', {
      eventId: 7,
      eventName: 'Robo Wars',
      roundName: 'Prelims',
      venueName: 'Lab 1',
    });
    const finals = session(2, '2027-02-22T15:00', '2027-02-22T17:30', {
      eventId: 7,
      eventName: 'Robo Wars',
      roundName: 'Finals',
      venueName: 'Arena',
    });
    const places = pagePlaces('https://x/event/1', 'https://x');
    const data = eventJsonLd(event, 'https://x/event/1', 'https://x', places, [finals, prelims]);
    expect(data).toMatchObject({
      startDate: '2027-02-20T10:00:00+05:30',
      endDate: '2027-02-22T17:30:00+05:30',
      location: { '@id': 'https://x/event/1#place-1' },
    });
    expect(data.subEvent?.map((e) => [e.name, e.location])).toEqual([
      ['Robo Wars (Prelims)', { '@id': 'https://x/event/1#place-1' }],
      ['Robo Wars (Finals)', { '@id': 'https://x/event/1#place-2' }],
    ]);
    // Without a timetable the event's own start (in India's offset) and venue stand in, and no subEvent.
    const alone = eventJsonLd(event, 'https://x/event/1', 'https://x', places);
    expect(alone).toMatchObject({
      startDate: '2027-02-20T09:00:00+05:30',
      location: { '@id': 'https://x/event/1#place-3' },
    });
    expect(alone).not.toHaveProperty('subEvent');
    // Each place once, named in full, at the one postal address.
    expect(places.nodes()).toEqual([
      expect.objectContaining({
        '@id': 'https://x/#address',
        '@type': 'PostalAddress',
        addressCountry: 'IN',
      }),
      {
        '@type': 'Place',
        '@id': 'https://x/event/1#place-1',
        name: 'Lab 1, Aetherfest Grounds, University Campus',
        address: { '@id': 'https://x/#address' },
      },
      expect.objectContaining({ name: 'Arena, Aetherfest Grounds, University Campus' }),
      expect.objectContaining({ name: 'Old venue, Aetherfest Grounds, University Campus' }),
    ]);

    // A category page: one graph, the festival and the organiser once, every event pointing at both.
    const other = { ...event, id: 8, name: 'Golem Wars' } as FestivalEvent;
    const graph = categoryJsonLd(
      [{ event, sessions: [finals, prelims] }, { event: other }],
      'https://x/event/1',
      'https://x',
    );
    expect(graph['@context']).toBe('https://schema.org');
    const nodes = graph['@graph'] as Record<string, unknown>[];
    expect(nodes.map((n) => n['@type'])).toEqual([
      'Festival',
      'Organization',
      'Event',
      'Event',
      'PostalAddress',
      'Place',
      'Place',
      'Place',
    ]);
    const ids = new Set(nodes.map((n) => n['@id']).filter(Boolean));
    expect(ids).toEqual(
      new Set([
        'https://x/#festival',
        'https://x/#organizer',
        'https://x/#address',
        'https://x/event/1#place-1',
        'https://x/event/1#place-2',
        'https://x/event/1#place-3',
      ]),
    );
    // Every reference names a node of the graph.
    const refs = JSON.stringify(nodes).match(/\{"@id":"[^"]+"\}/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ids).toContain(JSON.parse(ref)['@id']);
    for (const node of nodes.slice(2, 4)) {
      expect(node).toMatchObject({
        superEvent: { '@id': 'https://x/#festival' },
        organizer: { '@id': 'https://x/#organizer' },
      });
      expect(node).not.toHaveProperty('@context');
    }
  });
});
