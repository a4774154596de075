// Zod probes `new Function` when it builds its first object schema, to compile faster parsers.
// The Content Security Policy (script-src 'self') blocks it, and although zod catches the
// error, Chromium still reports a violation for every page with a form. Forms parse a handful
// of fields: the interpreted parser is plenty. Imported first in main.tsx, before any schema.
// Set where zod reads its configuration (zod 4.1+ keeps it on globalThis, shared by every copy),
// so the entry need not download zod itself: first screens without a form never load it
// (decision 005, "The first load on a phone"). zod-config.test.ts holds zod to it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// In place: a zod loaded before this (a test's worker) holds on to the same object.
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
