import { z } from 'zod';
import { isPlainMultiLine, isSingleLine, multiLineMessage, singleLineMessage } from './text-rules';

/**
 * The character rule of ./text-rules.ts as zod checks, added last to every text field of the participant
 * and console schemas, so a value an earlier check refuses keeps that check's message:
 * `z.string().trim().max(60).check(singleLine('Team name'))`.
 */

/** One line of text: refuses control characters and line or paragraph separators. */
export const singleLine = (what: string) => z.refine<string>(isSingleLine, singleLineMessage(what));

/** A text of several lines (a description): keeps line breaks, refuses the other control characters. */
export const multiLine = (what: string) => z.refine<string>(isPlainMultiLine, multiLineMessage(what));
