import { useEffect } from "react";

declare global {
  interface Window {
    /** Set by the page's boot script (shell/boot-script.ts): sends a form held back until now. */
    __onAppStart?: () => void;
  }
}

/** Tells the page's boot script that the app has hydrated (root.tsx, once). */
export function useAppStartSignal(): void {
  useEffect(() => {
    window.__onAppStart?.();
  }, []);
}
