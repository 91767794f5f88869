import { defineConfig } from "vitest/config";

// Vitest runs the unit and API tests (project "unit": `npm run test:unit`), and, after
// `npm run build`, the tests of what the build made (project "build": `*.build.test.ts`, the
// pages' JavaScript budgets and the server's rendering of the built app). It never loads the
// React Router Vite plugin.
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          exclude: ["**/*.build.test.ts", "**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: { name: "build", include: ["src/**/*.build.test.ts"] },
      },
    ],
  },
});
