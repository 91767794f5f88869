import { z } from "zod";

// zod compiles object parsers with `new Function` when it may. The platform's strict
// Content-Security-Policy (no 'unsafe-eval') refuses that and the browser reports a violation on
// every page with a form. The plain parser is fast enough for a form. This must run before any
// object schema is built: import this module first, as a side-effect import.
z.config({ jitless: true });
