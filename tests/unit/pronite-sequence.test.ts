import { describe, expect, it } from 'vitest';
import {
  easeInOut,
  frameAt,
  panelStyle,
  sequenceLength,
  transformOf,
} from '@/components/pronite/scroll-sequence';

/** Which panels can be seen at `progress`: 'intro' and the indexes of the artists shown. */
function visibleAt(progress: number, count: number) {
  const frame = frameAt(progress, count, 'phone');
  const shown: (string | number)[] = frame.intro.opacity > 0.001 ? ['intro'] : [];
  frame.artists.forEach((a, i) => a.panel.opacity > 0.001 && shown.push(i));
  return shown;
}

describe('the Pronite sequence', () => {
  it('starts on Pronite alone, with every artist hidden and still to come in', () => {
    const frame = frameAt(0, 3, 'wide');
    expect(frame.intro).toEqual({ opacity: 1, xPercent: 0, y: 0, scale: 1, rotate: 0 });
    for (const artist of frame.artists) {
      expect(artist.panel.opacity).toBe(0);
      expect(artist.picture).toMatchObject({ xPercent: -40, rotate: -4 });
      expect(artist.words).toMatchObject({ xPercent: 25 });
    }
    expect(panelStyle(frame.artists[0]!.panel)).toMatchObject({ opacity: '0.000', visibility: 'hidden' });
    expect(panelStyle(frame.intro)).toMatchObject({ opacity: '1.000', visibility: 'visible' });
    expect(transformOf(frame.artists[0]!.picture)).toBe(
      'translate(-40.00%, 0.0px) scale(1.000) rotate(-4.00deg)',
    );
  });

  it('ends on the last artist in place, the others gone, Pronite grown away', () => {
    const frame = frameAt(1, 3, 'phone');
    expect(frame.intro).toMatchObject({ opacity: 0, scale: 1.2 });
    expect(frame.artists.map((a) => a.panel.opacity)).toEqual([0, 0, 1]);
    expect(frame.artists[2]).toEqual({
      panel: { opacity: 1, xPercent: 0, y: 0, scale: 1, rotate: 0 },
      picture: { opacity: 1, xPercent: 0, y: 0, scale: 1, rotate: 0 },
      words: { opacity: 1, xPercent: 0, y: 0, scale: 1, rotate: 0 },
    });
    // On a phone a leaving panel rises; on a wide screen it slides aside.
    expect(frameAt(1, 3, 'phone').artists[0]!.panel.y).toBe(-50);
    expect(frameAt(1, 3, 'wide').artists[0]!.panel.xPercent).toBe(8);
  });

  it('shows each artist in turn, one at a time but for the hand-overs', () => {
    const seen: number[] = [];
    for (let step = 0; step <= 1000; step++) {
      const shown = visibleAt(step / 1000, 3).filter((p): p is number => typeof p === 'number');
      // At most two panels at once, and only the one leaving and the one after it.
      expect(shown.length).toBeLessThanOrEqual(2);
      if (shown.length === 2) expect(shown[1]).toBe(shown[0]! + 1);
      for (const i of shown) if (!seen.includes(i)) seen.push(i);
    }
    expect(seen).toEqual([0, 1, 2]);
    // Each artist is the only thing on the stage for a while (its hold).
    for (const i of [0, 1, 2]) {
      const alone = Array.from({ length: 1001 }, (_, s) => visibleAt(s / 1000, 3)).filter(
        (shown) => shown.length === 1 && shown[0] === i,
      );
      expect(alone.length, `artist ${i}`).toBeGreaterThan(50);
    }
  });

  it('is as long as its steps: Pronite 1 beat, each artist 2.25 more but the last, which holds 1.95', () => {
    expect(sequenceLength(3)).toBeCloseTo(0.7 + 2 * 2.25 + 1.95);
    expect(sequenceLength(1)).toBeCloseTo(0.7 + 1.95);
    expect(frameAt(0.5, 0, 'wide').artists).toEqual([]);
  });

  it('eases in and out, and holds outside the pin', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.1)).toBeLessThan(0.1);
    expect(easeInOut(0.9)).toBeGreaterThan(0.9);
    expect(frameAt(-0.5, 3, 'wide')).toEqual(frameAt(0, 3, 'wide'));
    expect(frameAt(1.5, 3, 'wide')).toEqual(frameAt(1, 3, 'wide'));
  });
});
