import { config } from "zod/v4/core";

// zod compiles object parsers with `new Function` when it may. The platform's strict
// Content-Security-Policy (no 'unsafe-eval') refuses that, and the browser reports a violation on
// every page with a form. The plain parser is fast enough for forms. zod decides when a schema is
// built, so this runs first: root.tsx imports it before anything else.
config({ jitless: true });
