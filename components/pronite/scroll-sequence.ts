/**
 * The Pronite sequence as a function of scroll progress (SPEC.md part 9): 'Pronite' fades and grows away,
 * then each artist comes in (the picture and the words from opposite sides on a wide screen, raised from
 * below on a phone), holds, and gives way to the next; the last one stays. Pure, so the animator only
 * applies what this returns, and the tests can read any moment of it.
 *
 * Times are in beats: the whole sequence is `sequenceLength(n)` beats long and is spread over the pin.
 */

export type Layout = 'wide' | 'phone';

/** How one element looks at a moment: opacity, and a transform relative to its own place. */
export interface Look {
  opacity: number;
  /** Horizontal shift in percent of the element's width. */
  xPercent: number;
  /** Vertical shift in pixels. */
  y: number;
  scale: number;
  rotate: number;
}

export interface SequenceFrame {
  intro: Look;
  artists: { panel: Look; picture: Look; words: Look }[];
}

const introBeats = 1;
const fadeInBeats = 0.5;
/** Each artist starts coming in this long before the previous step ends. */
const overlapBeats = 0.3;
const moveBeats = 1;
/** The words follow the picture by this much. */
const wordsLagBeats = 0.15;
const holdBeats = 0.8;
const fadeOutBeats = 0.6;

const still: Look = { opacity: 1, xPercent: 0, y: 0, scale: 1, rotate: 0 };

/** Where the picture and the words come from, and where a leaving panel goes, per layout. */
const moves: Record<Layout, { picture: Partial<Look>; words: Partial<Look>; leave: Partial<Look> }> = {
  wide: { picture: { xPercent: -40, rotate: -4 }, words: { xPercent: 25 }, leave: { xPercent: 8 } },
  phone: { picture: { y: 90, scale: 0.9 }, words: { y: 60 }, leave: { y: -50 } },
};

/** An artist's step before it leaves: the picture and the words come in, then hold. */
const artistBeats = moveBeats + wordsLagBeats + holdBeats;
/** From one artist's start to the next: its step, its fade out, less the overlap. */
const strideBeats = artistBeats + fadeOutBeats - overlapBeats;

/** When artist `i` starts coming in: as 'Pronite' finishes going, then one stride after the other. */
function artistStart(i: number): number {
  return introBeats - overlapBeats + i * strideBeats;
}

/** The length of the sequence, in beats, for `artists` artists. */
export function sequenceLength(artists: number): number {
  if (artists === 0) return introBeats;
  return artistStart(artists - 1) + artistBeats;
}

/** Slow at both ends, like a hand turning a page. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}

/** How far (0 to 1, eased) a step that starts at `start` and lasts `length` has gone at `beat`. */
function stepAt(beat: number, start: number, length: number): number {
  return easeInOut(Math.min(1, Math.max(0, (beat - start) / length)));
}

/** `from` at 0, `to` at 1, for every field of a look. */
function between(from: Look, to: Look, t: number): Look {
  const mix = (a: number, b: number) => a + (b - a) * t;
  return {
    opacity: mix(from.opacity, to.opacity),
    xPercent: mix(from.xPercent, to.xPercent),
    y: mix(from.y, to.y),
    scale: mix(from.scale, to.scale),
    rotate: mix(from.rotate, to.rotate),
  };
}

/** The sequence at `progress` (0 at the start of the pin, 1 at its end) for `count` artists. */
export function frameAt(progress: number, count: number, layout: Layout): SequenceFrame {
  const beat = Math.min(1, Math.max(0, progress)) * sequenceLength(count);
  const move = moves[layout];
  const intro = between(still, { ...still, opacity: 0, scale: 1.2 }, stepAt(beat, 0, introBeats));
  const artists = Array.from({ length: count }, (_, i) => {
    const start = artistStart(i);
    const last = i === count - 1;
    const shown = stepAt(beat, start, fadeInBeats);
    const gone = last ? 0 : stepAt(beat, start + artistBeats, fadeOutBeats);
    const panel = between({ ...still, opacity: shown }, { ...still, opacity: 0, ...move.leave }, gone);
    const picture = between({ ...still, ...move.picture }, still, stepAt(beat, start, moveBeats));
    const words = between({ ...still, ...move.words }, still, stepAt(beat, start + wordsLagBeats, moveBeats));
    return { panel, picture, words };
  });
  return { intro, artists };
}

/** A look's shift, scale and turn as a CSS transform. */
export function transformOf(look: Look): string {
  return `translate(${look.xPercent.toFixed(2)}%, ${look.y.toFixed(1)}px) scale(${look.scale.toFixed(3)}) rotate(${look.rotate.toFixed(2)}deg)`;
}

/**
 * A panel's look as inline styles: a panel with nothing to show is hidden from everyone, readers included
 * (its parts inherit that, so they get only their transform).
 */
export function panelStyle(look: Look): { opacity: string; visibility: string; transform: string } {
  return {
    opacity: look.opacity.toFixed(3),
    visibility: look.opacity <= 0.001 ? 'hidden' : 'visible',
    transform: transformOf(look),
  };
}
