import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

// Texts computed from the clock ("depuis 5 min", "aujourd'hui") on a page the server drew: the
// browser hydrates it a moment later, sometimes seconds on a phone, and a text read from its own
// clock could differ ("depuis 6 min"). React then throws the server's markup away and draws the
// page again (error #418 in the console). So until the app has hydrated, the clock reads the
// instant the server drew the page, on both sides; then the browser's own.

const DrawnAt = createContext<number | undefined>(undefined);

/** Gives the pages the instant their server drawing was made (areas-app.tsx), until hydrated. */
export function ClockProvider({ drawnAt, children }: { drawnAt?: number; children: ReactNode }) {
  const [held, setHeld] = useState(drawnAt);
  useEffect(() => setHeld(undefined), []);
  return <DrawnAt.Provider value={held}>{children}</DrawnAt.Provider>;
}

/** Now, for a text computed from the clock: the drawing's instant while the page hydrates. */
export function useNow(): Date {
  const drawnAt = useContext(DrawnAt);
  return drawnAt === undefined ? new Date() : new Date(drawnAt);
}
