// Answers to GET requests that the page's HTML started before any JavaScript arrived (the
// session, and an area page's first data: shell/boot-script.ts). The first apiRequest for the
// same path takes the answer instead of asking again; each answer is taken once, and later
// requests go to the network. An answer not taken within the first moments of the page is
// dropped: it would be stale by the time a later page asks for the same path.

declare global {
  interface Window {
    __early?: Record<string, Promise<Response> | undefined>;
  }
}

/** How long after the page's start an early answer may still be taken. */
export const earlyAnswerMaxAgeMs = 20_000;

export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  if (typeof window === "undefined" || !window.__early) return undefined;
  const answer = window.__early[path];
  if (answer) delete window.__early[path];
  return performance.now() <= earlyAnswerMaxAgeMs ? answer : undefined;
}
