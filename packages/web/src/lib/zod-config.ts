import { config } from "zod/v4/core";

// Zod probes `new Function` when it builds its first object schema, to compile faster parsers.
// The Content Security Policy (script-src 'self') blocks it, and although zod catches the
// error, Chromium still reports a violation for every page with a form. Forms parse a handful
// of fields: the interpreted parser is plenty. Imported first in main.tsx, before any schema.
config({ jitless: true });
