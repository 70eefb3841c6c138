import { describe, expect, it } from 'vitest';
import { calendarFile, calendarInvite } from '@/lib/server/mail/ics';

describe('the calendar file', () => {
  it('keeps line breaks in people’s text from starting lines of their own', () => {
    const ics = calendarInvite({
      uid: 'reg-1@festival',
      title: 'Robo Wars\r\nATTENDEE:mailto:evil@example.com',
      description: 'Team: Kestrel\rATTENDEE:mailto:a@example.com\nEND:VEVENT\u0000',
      location: 'Hall\n\nBEGIN:VEVENT',
      start: new Date('2027-02-01T10:00:00Z'),
      end: new Date('2027-02-01T12:00:00Z'),
    });
    const lines = ics.split('\r\n');
    // Unfolded, each property is one line; none of the text's injected properties is among them.
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded.filter((l) => l.startsWith('ATTENDEE'))).toEqual([]);
    expect(unfolded.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(unfolded.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    expect(unfolded).toContain('SUMMARY:Robo Wars\\nATTENDEE:mailto:evil@example.com');
    // No bare CR or LF anywhere: every line ends with CR LF.
    expect(lines.every((l) => !/[\r\n]/.test(l))).toBe(true);
    expect(ics).not.toContain('\u0000');
  });
});

describe('the calendar file and Unicode line breaks', () => {
  it('escapes U+0085, U+2028 and U+2029 as line breaks and drops C1 controls', () => {
    const ics = calendarInvite({
      uid: 'reg-2@festival',
      title: 'Night\u2028Owls\u2029ATTENDEE:mailto:evil@example.com',
      description: 'Team\u0085Kestrel\u009b31m',
      location: 'Hall B',
      start: new Date('2027-02-01T10:00:00Z'),
      end: new Date('2027-02-01T12:00:00Z'),
    });
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain('SUMMARY:Night\\nOwls\\nATTENDEE:mailto:evil@example.com');
    expect(unfolded).toContain('DESCRIPTION:Team\\nKestrel31m');
    expect(ics).not.toMatch(/[\u0080-\u009f\u2028\u2029]/);
  });
});

describe('a calendar file of sessions', () => {
  const entry = (uid: string, sequence: number, cancelled = false) => ({
    uid,
    sequence,
    title: `Session ${uid}`,
    description: 'Aetherfest 2027.',
    location: 'Lab 1',
    start: new Date('2027-02-20T04:30:00Z'),
    end: new Date('2027-02-20T06:30:00Z'),
    cancelled,
  });
  const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

  it('holds one entry per session, each with its UID, SEQUENCE and UTC times', () => {
    const lines = unfold(calendarFile([entry('session-1@x', 0), entry('session-2@x', 3)]));
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toEqual(expect.arrayContaining(['UID:session-1@x', 'UID:session-2@x', 'SEQUENCE:3']));
    expect(lines).toContain('DTSTART:20270220T043000Z');
    expect(lines).toContain('DTEND:20270220T063000Z');
    expect(lines.filter((l) => l === 'STATUS:CONFIRMED')).toHaveLength(2);
  });

  it('cancels: METHOD:CANCEL when every entry is cancelled, and each entry says so', () => {
    const lines = unfold(calendarFile([entry('session-1@x', 2, true)]));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:2');
  });

  it('stays a publication when only some entries are cancelled', () => {
    const lines = unfold(calendarFile([entry('a@x', 1, true), entry('b@x', 0)]));
    expect(lines).toContain('METHOD:PUBLISH');
  });
});
