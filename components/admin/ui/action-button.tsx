import type { ComponentPropsWithoutRef } from 'react';
import { actionButtonClass } from './buttons';

/**
 * A worded button ("Move up", "Edit") completed for screen readers with what it acts on, since a list
 * shows many buttons with the same word. The completion is text, not an aria-label, so the button's text
 * holds its whole name.
 */
export function ActionButton({
  children,
  about,
  type = 'button',
  className = actionButtonClass,
  ...buttonProps
}: ComponentPropsWithoutRef<'button'> & { about: string }) {
  return (
    <button type={type} className={className} {...buttonProps}>
      {children}
      <span className="sr-only"> {about}</span>
    </button>
  );
}
