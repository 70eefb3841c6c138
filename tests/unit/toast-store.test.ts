import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, toastDurationMs } from '@/components/toast/toast-store';
import { useToast } from '@/components/toast/toast-provider';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2027-02-20T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('shows a toast with a timestamp id and the default variant', () => {
    const store = createToastStore();
    const id = store.show({ title: 'Logged Out!' });
    expect(id).toBe(String(Date.parse('2027-02-20T10:00:00Z')));
    expect(store.list()).toEqual([{ id, title: 'Logged Out!', description: undefined, variant: 'default' }]);
  });

  it('closes a toast by itself after 2500 ms and removes it from the list', () => {
    const store = createToastStore();
    store.show({ title: 'Bravo', description: 'Saved', variant: 'success' });
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
    expect(toastDurationMs).toBe(2500);
  });

  it('gives toasts shown in the same millisecond distinct ids and closes each on its own', () => {
    const store = createToastStore();
    const a = store.show({ title: 'A', variant: 'error' });
    const b = store.show({ title: 'B', variant: 'info' });
    expect(a).not.toBe(b);
    store.close(a);
    expect(store.list().map((t) => t.title)).toEqual(['B']);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.show({ title: 'x' });
    store.close(id);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('useToast outside its provider', () => {
  it('throws a clear internal error', () => {
    function Orphan() {
      useToast();
      return null;
    }
    expect(() => renderToString(createElement(Orphan))).toThrow(
      'useToast must be used within a ToastProvider',
    );
  });
});
