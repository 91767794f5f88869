// Toasts without paying for them up front: the sonner library (and its Toaster) loads on the
// first toast, or at the first tap or key press on a page that will surely toast (one that
// calls preloadToaster()). A page that is only read never loads it, and the first load stays
// light on a slow phone. Toasts asked for before it is ready are queued and shown as soon as it
// mounts.

type ToastKind = "success" | "error" | "info" | "warning";
type ShowToast = (kind: ToastKind, message: string) => void;

let show: ShowToast | null = null;
let requested = false;
const queue: Array<{ kind: ToastKind; message: string }> = [];
const listeners = new Set<() => void>();

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function enqueue(kind: ToastKind, message: string) {
  if (show) {
    show(kind, message);
    return;
  }
  queue.push({ kind, message });
  request();
}

export const toast = {
  success: (message: string) => enqueue("success", message),
  error: (message: string) => enqueue("error", message),
  info: (message: string) => enqueue("info", message),
  warning: (message: string) => enqueue("warning", message),
};

let waitingForInteraction = false;
const interactions = ["pointerdown", "keydown"] as const;

function onFirstInteraction() {
  for (const type of interactions) window.removeEventListener(type, onFirstInteraction, true);
  request();
}

/**
 * Loads and mounts the Toaster at the user's first tap or key press (auth pages and signed-in
 * areas call it on mount): by the time an action answers, sonner is there.
 */
export function preloadToaster() {
  if (requested || waitingForInteraction) return;
  waitingForInteraction = true;
  for (const type of interactions) {
    window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
  }
}

/** For ToastArea: whether the Toaster should be mounted. */
export function subscribeToasterRequest(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
export function isToasterRequested() {
  return requested;
}

/** Called by the mounted Toaster with sonner's own function; flushes the queue. */
export function registerToaster(next: ShowToast | null) {
  show = next;
  if (!next) return;
  for (const item of queue.splice(0)) next(item.kind, item.message);
}
