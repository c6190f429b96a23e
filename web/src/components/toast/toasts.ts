// Toast state: at most one toast visible; a dismissed toast is removed after a very long delay.
import { useSyncExternalStore } from 'react';
import { timings } from '#contracts/shared/constants.ts';

export type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ShopToast = ToastInput & { id: string; open: boolean };

const toastLimit = 1;
let toasts: ShopToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function set(next: ShopToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  set(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (removals.has(t.id) || t.open) continue;
    removals.set(
      t.id,
      setTimeout(() => {
        removals.delete(t.id);
        set(toasts.filter((x) => x.id !== t.id));
      }, timings.toastRemoveDelayMs),
    );
  }
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  set([{ ...input, id, open: true }, ...toasts].slice(0, toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ShopToast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
