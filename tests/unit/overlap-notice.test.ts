import { describe, expect, it } from 'vitest';
import { overlapWarningText } from '@/components/event-registration/overlap-notice';

describe('the registration screen’s overlap warning', () => {
  it('names the leader’s own other event and its time', () => {
    expect(
      overlapWarningText({
        who: 'you',
        email: 'lead@example.com',
        session: 'Quiz (Round 1)',
        otherSession: 'Robo Wars (Finals)',
        otherWhen: 'Day 2, Sun, 21 Feb, 10:00–12:00',
      }),
    ).toBe(
      'Heads up: you are registered for Robo Wars (Finals), Day 2, Sun, 21 Feb, 10:00–12:00, which overlaps Quiz (Round 1).',
    );
  });

  it('says of a teammate only that they have a clash', () => {
    expect(overlapWarningText({ who: 'teammate', email: 'ana@example.com' })).toBe(
      'Heads up: ana@example.com already has another session at the same time as this event.',
    );
  });
});
