// zod compiles object parsers with `new Function` when it may. The platform's strict
// Content-Security-Policy (no 'unsafe-eval') refuses that, and the browser reports a violation on
// every page with a form. The plain parser is fast enough for forms. zod decides when a schema is
// built, so this runs first: root.tsx imports it before anything else (and the contact island
// before its form).
//
// Without importing zod: zod keeps its configuration in `globalThis.__zod_globalConfig` (shared by
// every copy of zod on the page) and adopts the object it finds there, so the setting is in place
// when the schemas arrive, loaded with the forms that use them (lib/lazy-zod.ts), and the pages
// carry no zod at all. zod-jitless.test.ts checks that zod reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
