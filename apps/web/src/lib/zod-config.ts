/**
 * The app's Content-Security-Policy allows no `eval`, so zod's compiled object parsers (built with
 * `new Function`) can never run here, and zod's check for them is itself a CSP violation the browser
 * reports. Jitless mode skips both. Set on the global that zod keeps its configuration in (shared by
 * every copy of zod on the page, read when a schema is built), so that the entry needs none of zod's
 * code: imported first by the entry, before any schema exists.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
