/**
 * The characters text may not hold, in one home: the API refuses them (auth-schemas.ts
 * `safeString`, `safeMultilineString`) and an import removes them (core calendar-import
 * clean-text.ts), so both read the same definition.
 */

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators: for one-line text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** C0 and C1 controls and DEL, but line breaks and tabs allowed: for text areas. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair with no other half: not text, and not storable as UTF-8. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** CRLF, CR and the Unicode line and paragraph separators as plain line feeds. */
export const toLineFeeds = (text: string) => text.replace(/\r\n?|[\u2028\u2029]/g, "\n");

const CONTROLS_ALL = new RegExp(CONTROL_CHARS_BUT_LINES.source, "g");
const LONE_SURROGATES_ALL = new RegExp(LONE_SURROGATE.source, "g");

/** `text` with line feeds for its line breaks, and without what the two patterns above find. */
export const cleanLines = (text: string) =>
  toLineFeeds(text).replace(CONTROLS_ALL, "").replace(LONE_SURROGATES_ALL, "");
