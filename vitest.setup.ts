import { afterEach, vi } from "vitest";

// The unit project's files share a process (isolate: false). A global stubbed by one test, such
// as the `window` of a browser-side test, would otherwise reach the next test and the next file:
// PGlite, seeing a `window`, took itself for a browser and failed to open.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
