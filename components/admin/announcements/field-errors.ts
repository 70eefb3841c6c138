import type { FieldError } from 'react-hook-form';

type NestedErrors = { [key: string]: FieldError | NestedErrors };

/**
 * A schema's issues as react-hook-form's nested errors, the first message of each field kept. An issue
 * about one item of a list (`channels.0`, `audience.eventIds.2`) belongs to the list's field, which is
 * where the form shows it.
 */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): NestedErrors {
  const errors: NestedErrors = {};
  for (const issue of issues) {
    const firstIndex = issue.path.findIndex((part) => typeof part !== 'string');
    const path = (firstIndex === -1 ? issue.path : issue.path.slice(0, firstIndex)) as string[];
    if (path.length === 0) continue;
    let node = errors;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (next && 'message' in next && typeof next.message === 'string') break;
      node = (node[part] ??= {}) as NestedErrors;
    }
    const last = path.at(-1)!;
    node[last] ??= { type: 'validation', message: issue.message };
  }
  return errors;
}
