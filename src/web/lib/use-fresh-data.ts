import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reads the page's data again (its loaders, one request) when the window comes back to the front
 * after `staleAfterMs`, and every `everyMs` while it is in front, if given: an officer's queue and
 * a client's request status change on other desks.
 */
export function useFreshData({
  staleAfterMs,
  everyMs,
}: {
  staleAfterMs: number;
  everyMs?: number;
}) {
  const { revalidate, state } = useRevalidator();
  const readAt = useRef(Date.now());
  const busy = useRef(false);
  busy.current = state === "loading";

  useEffect(() => {
    const refresh = (olderThan: number) => {
      if (busy.current || document.visibilityState !== "visible") return;
      if (Date.now() - readAt.current < olderThan) return;
      readAt.current = Date.now();
      void revalidate();
    };
    const onFront = () => refresh(staleAfterMs);
    window.addEventListener("focus", onFront);
    document.addEventListener("visibilitychange", onFront);
    const timer = everyMs ? window.setInterval(() => refresh(everyMs), everyMs) : undefined;
    return () => {
      window.removeEventListener("focus", onFront);
      document.removeEventListener("visibilitychange", onFront);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [revalidate, staleAfterMs, everyMs]);
}
