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

// The toasts of the last few seconds, for carryRecentToasts.
const recent: Array<{ kind: ToastKind; message: string; at: number }> = [];
const recentMs = 4000;
/** Where carryRecentToasts leaves the toasts for the next page (islands/main.tsx looks too). */
export const carriedToastsKey = "toasts-carried";

function enqueue(kind: ToastKind, message: string) {
  const now = Date.now();
  while (recent[0] && recent[0].at < now - recentMs) recent.shift();
  recent.push({ kind, message, at: now });
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

/**
 * Before a document load to another page (shell/leave-app.tsx): the toasts of the last few
 * seconds are kept in sessionStorage and shown again by the next page (showCarriedToasts).
 */
export function carryRecentToasts() {
  const since = Date.now() - recentMs;
  const items = recent
    .filter((item) => item.at >= since)
    .map(({ kind, message }) => ({ kind, message }));
  if (items.length === 0) return;
  try {
    sessionStorage.setItem(carriedToastsKey, JSON.stringify(items));
  } catch {
    // Storage refused (private mode, quota): the toast is simply not carried over.
  }
}

const kinds = new Set<string>(["success", "error", "info", "warning"]);

/** On a page's start (ToastArea): shows the toasts the previous page carried over, once. */
export function showCarriedToasts() {
  let items: unknown;
  try {
    const stored = sessionStorage.getItem(carriedToastsKey);
    if (stored === null) return;
    sessionStorage.removeItem(carriedToastsKey);
    items = JSON.parse(stored);
  } catch {
    return;
  }
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (item && kinds.has(item.kind) && typeof item.message === "string") {
      enqueue(item.kind as ToastKind, item.message);
    }
  }
}
