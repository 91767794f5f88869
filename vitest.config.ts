import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Vitest runs the unit and API tests (project "unit": `npm run test:unit`), the tests of the
// server's processes (project "processes"), and, after
// `npm run build`, the tests of what the build made (project "build": `*.build.test.ts`, the
// pages' JavaScript budgets and the server's rendering of the built app). It never loads the
// React Router Vite plugin.
const processTests = [
  "src/server/main.test.ts",
  "src/server/faults.test.ts",
  "src/server/shutdown.test.ts",
  "src/server/database-outage.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default leaves a processor free (one worker on 2): API tests wait on the database
    // and on password hashing as much as they compute, and two workers finish in two thirds of
    // the time here; more than one per processor is slower again.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // The files of a worker share its process: the libraries are imported once, and an
          // embedded database is reused, emptied, from one file to the next (test/test-app.ts).
          // Each file imports the project's own modules afresh, and what a test stubs on the
          // globals is put back after it (vitest.setup.ts).
          isolate: false,
          setupFiles: ["vitest.setup.ts"],
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          exclude: ["**/*.build.test.ts", "**/node_modules/**", ...processTests],
        },
      },
      {
        extends: true,
        // Tests that start the platform as processes of its own and stop, kill or starve them
        // (`npm run test:processes`): about two minutes here, so `npm test` runs them and
        // `npm run check` does not.
        test: { name: "processes", include: processTests },
      },
      {
        extends: true,
        test: { name: "build", include: ["src/**/*.build.test.ts"] },
      },
    ],
  },
});
