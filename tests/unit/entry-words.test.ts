import { describe, expect, it } from 'vitest';
import { entryWords, isSoloOption } from '@/components/event-registration/entry-words';

const solo = { max_range: 1 };
const duo = { max_range: 2 };

describe('the registration steps’ words', () => {
  it('keep SPEC.md’s strings for a team option', () => {
    const words = entryWords(duo);
    expect(words.verifyButton).toBe('Verify Team');
    expect(words.eligible('Quidditch')).toBe('All users are eligible to register in Quidditch');
    expect(words.stepHeading).toBe('Step 1 of 2: Your team');
    expect(words.ownEmailLabel).toBe('Member 1 (you, team leader)');
    expect(words.marksLeader).toBe(true);
  });

  it('speak of one person, not a team, for a one-person option', () => {
    const words = entryWords(solo);
    expect(words.stepHeading).toBe('Step 1 of 2: Your entry');
    expect(words.ownEmailLabel).toBe('Your email');
    expect(words.verifyButton).toBe('Verify');
    expect(words.verifyingButton).toBe('Verifying your account…');
    expect(words.eligible('Quiz')).toBe('You are eligible to register in Quiz');
    expect(words.fullOption('Solo')).toBe('Solo is full. Verify your account, then join its waiting list');
    expect(words.marksLeader).toBe(false);
    const all = Object.values(words)
      .map((w) => (typeof w === 'function' ? w('X') : String(w)))
      .join(' ');
    expect(all).not.toMatch(/team|leader|members/i);
  });

  it('before an option is chosen, speak of a team unless every option is for one person', () => {
    expect(entryWords(null, [solo, { max_range: 1 }]).stepHeading).toBe('Step 1 of 2: Your entry');
    expect(entryWords(null, [solo, duo]).stepHeading).toBe('Step 1 of 2: Your team');
    expect(entryWords(null, []).stepHeading).toBe('Step 1 of 2: Your team');
  });

  it('count an option as solo by its largest team', () => {
    expect(isSoloOption(solo)).toBe(true);
    expect(isSoloOption(duo)).toBe(false);
  });
});
