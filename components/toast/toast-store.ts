/**
 * Toast list rules of SPEC.md part 4, kept free of React so they can be tested with a fake clock:
 * a toast appears when shown, closes by itself after 2500 ms, and leaves the list when closed.
 */
export const toastDurationMs = 2500;

export type ToastVariant = 'success' | 'error' | 'info' | 'default';

export interface Toast {
  /** A timestamp string, unique within the list. */
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastStore {
  show(input: ToastInput): string;
  close(id: string): void;
  list(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createToastStore(clock: { now(): number } = Date): ToastStore {
  let toasts: readonly Toast[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  function nextId(): string {
    let stamp = clock.now();
    while (toasts.some((t) => t.id === String(stamp))) stamp += 1;
    return String(stamp);
  }

  function close(id: string) {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  return {
    show(input) {
      const toast: Toast = {
        id: nextId(),
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
      };
      toasts = [...toasts, toast];
      timers.set(
        toast.id,
        setTimeout(() => close(toast.id), toastDurationMs),
      );
      emit();
      return toast.id;
    },
    close,
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      timers.forEach(clearTimeout);
      timers.clear();
      listeners.clear();
    },
  };
}
