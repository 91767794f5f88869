import type { Config } from "@react-router/dev/config";

// Public pages are prerendered to static HTML at build time; the client and admin areas are
// client-rendered (SPA fallback) and code-split per route.
export default {
  appDirectory: "src/web",
  buildDirectory: "build/web",
  ssr: false,
  prerender: [
    "/",
    "/a-propos",
    "/services",
    "/contact",
    "/auth/login",
    "/auth/register",
    "/auth/reset-password",
    "/reset-password",
  ],
} satisfies Config;
