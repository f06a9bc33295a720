// Toasts requested by the API client before (or without) the toast UI having loaded. The toast code
// (antd message) is fetched on the first toast, so a page that never shows one never downloads it.
export type ToastKind = "success" | "warning" | "error";
export type Toast = { kind: ToastKind; text: string; seconds?: number };
type Show = (toast: Toast) => void;

let show: Show | null = null;
let wanted = false;
const queue: Toast[] = [];
const listeners = new Set<() => void>();

export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => wanted,

  push(toast: Toast) {
    if (show) return show(toast);
    queue.push(toast);
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
  },

  /** Called by the toast UI once mounted: shows what waited and takes the following ones. */
  attach(next: Show | null) {
    show = next;
    if (next) for (const toast of queue.splice(0)) next(toast);
  },
};
