// Answers to GET requests that the page's HTML started before any JavaScript arrived (the
// session: shell/boot-script.ts). The first apiRequest for the same path takes the answer
// instead of asking again; each answer is taken once, and later requests go to the network.

declare global {
  interface Window {
    __early?: Record<string, Promise<Response> | undefined>;
  }
}

export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  if (typeof window === "undefined" || !window.__early) return undefined;
  const answer = window.__early[path];
  if (answer) delete window.__early[path];
  return answer;
}
