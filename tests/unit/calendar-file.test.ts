import { describe, expect, it } from 'vitest';
import { calendarInvite } from '@/lib/server/mail/ics';

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
