import { afterEach, vi } from "vitest";

// The unit project's files share a worker process (isolate: false), and with it Vitest's module
// registry. Each file starts on fresh copies of the project's own modules, so that a file's
// `vi.mock` reaches a module another file loaded first, and no module state crosses files; the
// libraries in node_modules stay loaded once, which is the point of sharing the process.
vi.resetModules();

// A global stubbed by one test is put back after it: the `window` of a browser-side test, left
// in place, made the next file's PGlite take itself for a browser and fail to open.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
