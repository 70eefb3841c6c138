'use client';

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createToastStore, type Toast, type ToastInput, type ToastStore } from './toast-store';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createToastStore());
  useEffect(() => () => store.dispose(), [store]);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastViewport store={store} />
    </ToastContext.Provider>
  );
}

/** Shows toasts; only usable beneath ToastProvider. */
export function useToast(): { toast: (input: ToastInput) => string; dismiss: (id: string) => void } {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast must be used within a ToastProvider');
  return { toast: store.show, dismiss: store.close };
}

const variantStyle: Record<Toast['variant'], string> = {
  success: 'border-emerald-400/60 bg-emerald-950/95',
  error: 'border-red-400/70 bg-red-950/95',
  info: 'border-sky-400/60 bg-slate-900/95',
  default: 'border-amber-200/40 bg-stone-900/95',
};

function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.list, store.list);
  return (
    <ol
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((t) => (
        // The live-region role sits inside the list item, so the list keeps proper list items.
        <li key={t.id} className="pointer-events-auto w-full max-w-sm">
          <div
            role={t.variant === 'error' ? 'alert' : 'status'}
            data-variant={t.variant}
            className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-parchment shadow-xl ${variantStyle[t.variant]}`}
          >
            <div className="flex-1">
              {/* The body font, not the display one: Cinzel has capitals only, and a toast's sentence
                  ("Account Verified, You can Login !", a server message) reads as written. */}
              <p className="text-sm font-semibold">{t.title}</p>
              {t.description ? <p className="mt-0.5 text-sm opacity-90">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => store.close(t.id)}
              className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
              aria-label="Close notification"
            >
              ×
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
