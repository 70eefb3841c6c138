'use client';

import { useCallback, useLayoutEffect, useMemo, useState, type FormEvent } from 'react';
import type {
  createFormControl,
  FieldErrors,
  FieldPath,
  FieldPathValue,
  FieldValues,
  RegisterOptions,
  UseFormGetFieldState,
  UseFormProps,
  UseFormRegisterReturn,
} from 'react-hook-form';
import type { LazyResolver } from './lazy-zod-resolver';

type Methods<V extends FieldValues, O> = ReturnType<typeof createFormControl<V, unknown, O>>;

/** The part of react-hook-form's form state the site's forms show. */
export interface DeferredFormState<V extends FieldValues> {
  errors: FieldErrors<V>;
  isSubmitting: boolean;
  /** Followed from the library's arrival (the visitor's first focus); false until then. */
  isValid: boolean;
}

export interface DeferredForm<V extends FieldValues, O> {
  register<N extends FieldPath<V>>(name: N, options?: RegisterOptions<V, N>): UseFormRegisterReturn<N>;
  handleSubmit(onValid: (values: O) => unknown): (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  formState: DeferredFormState<V>;
  setError: Methods<V, O>['setError'];
  trigger(name?: FieldPath<V> | FieldPath<V>[]): Promise<boolean>;
  getFieldState: UseFormGetFieldState<V>;
  getValues<N extends FieldPath<V>>(name: N): FieldPathValue<V, N>;
  setValue<N extends FieldPath<V>>(name: N, value: FieldPathValue<V, N>): void;
  setFocus(name: FieldPath<V>): void;
  /** Starts fetching react-hook-form and the resolver's schema: call it on the form's first focus. */
  prefetch(): void;
}

type Options<V extends FieldValues, O> = Pick<
  UseFormProps<V, unknown, O>,
  'mode' | 'shouldFocusError' | 'defaultValues'
> & { resolver: LazyResolver<V, O> };

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const notStarted = { errors: {}, isSubmitting: false, isValid: false };
const untouched = { invalid: false, isDirty: false, isTouched: false, isValidating: false, error: undefined };

let library: Promise<typeof import('react-hook-form')> | undefined;
function loadLibrary() {
  library ??= import('react-hook-form').catch((error: unknown) => {
    // Offline for a moment: the next focus or submit tries again.
    library = undefined;
    throw error;
  });
  return library;
}

/**
 * react-hook-form's form, with the library fetched on the visitor's first focus instead of with the page.
 *
 * The library is some 45 KB of script (15 KB gzip) that every account page evaluated, and its form ran in the page's
 * hydration, before anyone had typed: the blocking time of /login and /register above the framework's own
 * (docs/performance.md). Until it arrives the inputs are the browser's own (their values live in the DOM),
 * `register` only remembers each element, and a submit waits for the library; once it is there the form is
 * react-hook-form's own, created from what the inputs already hold, so its rules, messages and focus on
 * error are exactly those of `useForm` with the same options.
 *
 * Takes the subset of useForm's options and methods the site's forms use; a field's own `onChange` option
 * is called from the library's arrival on (before it, nothing is validated or watched).
 */
export function useDeferredForm<V extends FieldValues, O>(options: Options<V, O>): DeferredForm<V, O> {
  const [methods, setMethods] = useState<Methods<V, O> | null>(null);
  const [formState, setFormState] = useState<DeferredFormState<V>>(notStarted);
  // This form's own bookkeeping, kept across renders. The options are read once, as useForm reads them
  // when it creates its form: the site's forms pass constants.
  const [form] = useState(() => ({
    options,
    elements: new Map<string, Field>(),
    loading: null as Promise<Methods<V, O>> | null,
    // Resolved once the form follows react-hook-form's state: a submit that waited for the library starts
    // then, so that its isSubmitting reaches the button.
    following: withResolve(),
    // A submit is waiting for the library.
    waiting: false,
  }));

  const load = useCallback(() => {
    form.loading ??= loadLibrary().then(
      ({ createFormControl: create }) => {
        const { resolver, defaultValues, ...rest } = form.options;
        // A declared default would be written over what the visitor typed meanwhile: what is typed wins.
        const typed = defaultValues ? typedValues(form.elements, Object.keys(defaultValues)) : {};
        const created = create({
          ...rest,
          resolver,
          ...(defaultValues ? { defaultValues: { ...defaultValues, ...typed } as typeof defaultValues } : {}),
        });
        setMethods(created);
        return created;
      },
      (error: unknown) => {
        form.loading = null;
        throw error;
      },
    );
    return form.loading;
  }, [form]);

  useLayoutEffect(() => {
    if (!methods) return;
    const unsubscribe = methods.subscribe({
      // isSubmitting comes with these (a submit's changes to them carry the whole state); dirtyFields keeps
      // getFieldState's isDirty current (the sign-up form re-checks a confirmation already typed).
      formState: { errors: true, isValid: true, dirtyFields: true },
      callback: (state) =>
        setFormState({
          errors: state.errors ?? {},
          isSubmitting: state.isSubmitting === true,
          isValid: state.isValid === true,
        }),
    });
    // A form checked on every change checks now what was typed before the library came.
    const typed = Object.keys(typedValues(form.elements, [...form.elements.keys()]));
    if (form.options.mode === 'onChange' && typed.length) void methods.trigger(typed as FieldPath<V>[]);
    form.following.resolve();
    return unsubscribe;
  }, [form, methods]);

  const prefetch = useCallback(() => {
    form.options.resolver.prefetch();
    load().catch(() => undefined);
  }, [form, load]);

  return useMemo<DeferredForm<V, O>>(() => {
    const element = (name: string) => form.elements.get(name);
    return {
      register(name, fieldOptions) {
        if (methods) return methods.register(name, fieldOptions);
        return {
          name,
          ref: (node: Field | null) => {
            if (node) form.elements.set(name, node);
          },
          // Typing before the first focus (autofill) starts the library too.
          onChange: async () => prefetch(),
          onBlur: async () => undefined,
        };
      },
      handleSubmit(onValid) {
        return async (event) => {
          if (methods) {
            await methods.handleSubmit(onValid)(event);
            return;
          }
          event?.preventDefault();
          // A second submit while the library is on its way is the same submit: it is sent once.
          if (form.waiting) return;
          form.waiting = true;
          setFormState((state) => ({ ...state, isSubmitting: true }));
          try {
            const loaded = await load();
            await form.following.promise;
            await loaded.handleSubmit(onValid)(event);
          } catch (error) {
            setFormState((state) => ({ ...state, isSubmitting: false }));
            throw error;
          } finally {
            form.waiting = false;
          }
        };
      },
      formState,
      setError: (...args) => {
        if (methods) methods.setError(...args);
        // Offline, the library cannot come: the submit that needs the error fails and says so instead.
        else
          load().then(
            (loaded) => loaded.setError(...args),
            () => undefined,
          );
      },
      async trigger(name) {
        return (methods ?? (await load())).trigger(name);
      },
      getFieldState: (name, state) => (methods ? methods.getFieldState(name, state) : untouched),
      getValues: (name) => (methods ? methods.getValues(name) : element(name)?.value) as never,
      setValue(name, value) {
        if (methods) methods.setValue(name, value);
        else {
          const node = element(name);
          if (node) node.value = String(value ?? '');
        }
      },
      setFocus(name) {
        if (methods) methods.setFocus(name);
        else element(name)?.focus();
      },
      prefetch,
    };
  }, [form, methods, formState, load, prefetch]);
}

function withResolve() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The non-empty values the inputs hold, by name, among `names`. */
function typedValues(elements: Map<string, Field>, names: string[]): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const name of names) {
    const value = elements.get(name)?.value;
    if (value) typed[name] = value;
  }
  return typed;
}
