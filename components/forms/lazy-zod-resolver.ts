import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A react-hook-form resolver whose schema arrives later; `prefetch` starts fetching it now. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  prefetch: () => void;
};

/**
 * zodResolver(schema), with the schema, zod and @hookform/resolvers fetched on the first validation
 * instead of with the page: zod alone is some 30 KB gzip, the largest part of an account page's script, and
 * nothing needs it before the visitor types or submits. Once loaded, each call is zodResolver's own, so
 * the messages, the validation mode and the submit behaviour are exactly those of the shared schema.
 *
 * Create it once per form, at module level (the loaded resolver is kept there), with a loader such as
 * `() => import('@/lib/schemas/auth').then((m) => m.loginSchema)`. Call `prefetch` when the visitor
 * first focuses the form, so a slow network has fetched the chunk before the first submit needs it.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;

  function load() {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        // A fetch that failed (offline for a moment) is tried again at the next validation.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    prefetch() {
      // Only a head start: a failure here is met again, and reported, by the validation that needs it.
      load().catch(() => undefined);
    },
  });
}
