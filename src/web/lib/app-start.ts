import { useLayoutEffect } from "react";

declare global {
  interface Window {
    /** Set by the page's boot script (shell/boot-script.ts): sends a form held back until now. */
    __onAppStart?: () => void;
  }
}

/**
 * Tells the page's boot script that the app has hydrated (root.tsx, areas-app.tsx, once). In the
 * commit itself, not after it: between a drawn page's hydration and a later effect, a tap would be
 * neither React's nor held by the boot script long enough (the held one is made once the app's
 * first updates are done).
 */
export function useAppStartSignal(): void {
  useLayoutEffect(() => {
    window.__onAppStart?.();
  }, []);
}
