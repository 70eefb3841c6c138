import 'server-only';

/**
 * iCalendar files (RFC 5545): a confirmation mail's attachment, a timetable change, a participant's whole
 * festival.
 *
 * Text comes from people (team names, event names, venues): every line break (CR LF, a lone CR or a lone
 * LF, and the Unicode ones: U+0085, U+2028, U+2029) becomes the format's escaped "\n", and other control
 * characters (C0, DEL, C1) are dropped, so no text can end its line and start a property of its own (an
 * ATTENDEE, a second VEVENT). The schemas refuse all of these in one-line fields (lib/schemas/text-rules.ts);
 * this also covers text stored before they did.
 */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Folds lines longer than 75 octets, as the format requires. */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

export interface CalendarEntry {
  /** Stable for the entry's life: a calendar that already holds this UID updates it instead of adding one. */
  uid: string;
  /** Raised with every change, so the newer version wins (RFC 5545 SEQUENCE). */
  sequence?: number;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  /** A cancelled entry: calendars that hold its UID remove it. */
  cancelled?: boolean;
}

/**
 * A calendar file of one or more entries. METHOD:CANCEL when every entry is cancelled (so a calendar
 * removes them), PUBLISH otherwise.
 */
export function calendarFile(entries: CalendarEntry[]): string {
  const stamp = utcStamp(new Date());
  const method = entries.length > 0 && entries.every((e) => e.cancelled) ? 'CANCEL' : 'PUBLISH';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Aetherfest//Festival site//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...entries.flatMap((entry) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(entry.uid)}`,
      `SEQUENCE:${entry.sequence ?? 0}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(entry.start)}`,
      `DTEND:${utcStamp(entry.end)}`,
      `SUMMARY:${escapeText(entry.title)}`,
      `DESCRIPTION:${escapeText(entry.description)}`,
      `LOCATION:${escapeText(entry.location)}`,
      `STATUS:${entry.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A one-entry calendar file. */
export function calendarInvite(input: Omit<CalendarEntry, 'cancelled'>): string {
  return calendarFile([input]);
}
