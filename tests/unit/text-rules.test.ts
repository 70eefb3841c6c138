import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multiLine, singleLine } from '@/lib/schemas/plain-text';
import { teamFormErrors } from '@/lib/schemas/team-rules';
import { isPlainMultiLine, isSingleLine } from '@/lib/schemas/text-rules';

/** Every character the rule is about, named. */
const c0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const c1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i));
const del = '\u007f';
const separators = ['\u2028', '\u2029'];
const lineBreaks = ['\n', '\r'];
const hex = (ch: string) => `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('the single-line rule', () => {
  it('refuses every C0 control, DEL, every C1 control and the line and paragraph separators', () => {
    for (const ch of [...c0, del, ...c1, ...separators]) {
      expect(isSingleLine(`Night${ch}Owls`), hex(ch)).toBe(false);
    }
  });

  it('names the characters of the review: CR, LF, VT, U+0085, U+2028, and CRLF', () => {
    for (const text of ['a\rb', 'a\nb', 'a\u000bb', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\r\nb', 'a\tb']) {
      expect(isSingleLine(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('accepts ordinary text in any script, with spaces, punctuation and emoji', () => {
    for (const text of [
      'Night Owls',
      'Ω-Team (2027) #1',
      'नाइट आउल्स',
      'Café Lumière, Hall B',
      'https://maps.example.com/?q=hall&z=17',
      '😀 team',
      '\u00a0non-breaking\u00a0space',
      'ÿ is U+00FF, just past C1',
      '\u2027 and \u202a are not separators',
    ]) {
      expect(isSingleLine(text), text).toBe(true);
    }
  });
});

describe('the multi-line rule', () => {
  it('keeps line breaks', () => {
    for (const ch of lineBreaks) expect(isPlainMultiLine(`First line${ch}Second line`), hex(ch)).toBe(true);
    expect(isPlainMultiLine('First\r\n\r\nSecond')).toBe(true);
  });

  it('refuses every other control character and the separators', () => {
    for (const ch of [...c0.filter((c) => !lineBreaks.includes(c)), del, ...c1, ...separators]) {
      expect(isPlainMultiLine(`First${ch}Second`), hex(ch)).toBe(false);
    }
  });
});

describe('as zod checks', () => {
  it('refuse with the field’s own message, after the field’s earlier checks', () => {
    const teamName = z
      .string()
      .trim()
      .max(10, 'Team name must be at most 10 characters.')
      .check(singleLine('Team name'));
    expect(teamName.safeParse('Night\u2028Owls').error?.issues[0]?.message).toBe(
      'Team name cannot contain line breaks or control characters.',
    );
    expect(teamName.safeParse('Night\u2028Owls and more').error?.issues[0]?.message).toBe(
      'Team name must be at most 10 characters.',
    );
    // Trimming happens first: a line break at either end is dropped, not refused.
    expect(teamName.parse('\r\nOwls\n')).toBe('Owls');
    const description = z.string().check(multiLine('Description'));
    expect(description.parse('One\r\nTwo')).toBe('One\r\nTwo');
    expect(description.safeParse('One\u0085Two').error?.issues[0]?.message).toBe(
      'Description cannot contain control characters.',
    );
  });
});

describe('the registration screen’s team check', () => {
  it('refuses a pasted team name with a line separator before anything is sent', () => {
    const check = (teamName: string) =>
      teamFormErrors({
        leaderEmail: 'lead@example.com',
        teammates: ['mate@example.com'],
        teamName,
        needsTeamName: true,
        instituteDomain: 'daiict.ac.in',
      }).teamName;
    expect(check('Night\u2028Owls')).toBe('Team name cannot contain line breaks or control characters.');
    expect(check('Night Owls')).toBeUndefined();
    expect(check('  ')).toBe('Team name is required.');
  });
});
