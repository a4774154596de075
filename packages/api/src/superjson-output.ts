/**
 * What the tRPC door answers with: superjson's own format, written by a fast path.
 *
 * superjson copies every value of an answer and keeps a path array and an identity entry for each
 * object it meets: a month of 3,683 plans took 274 ms to serialize against 32 ms for
 * JSON.stringify, and that walk was the largest cost of the tRPC door (docs/decisions/009).
 * Answers are plain data (objects, arrays, strings, finite numbers, booleans, null, Dates and the
 * odd undefined), and for those superjson's format needs no copy at all: `json` is the answer
 * itself, since JSON.stringify writes a Date as `toISOString()` exactly as superjson does, and
 * `meta.values` names the path of each Date and undefined. So this walks the answer once,
 * collects those paths, and copies nothing.
 *
 * Anything else (a Map, a Set, a BigInt, a class instance, NaN, -0, a cycle, a key superjson
 * refuses) is handed to superjson itself, so the wire format is superjson's whatever a procedure
 * answers; the client decodes with plain superjson. Not written: `referentialEqualities`, superjson's
 * record of one object reached twice; the client then gets two equal objects instead of one.
 */
import superjson, { type SuperJSONResult } from "superjson";

/** Deeper than any answer we write: past it the walk gives the answer to superjson. */
const MAX_DEPTH = 64;

type Annotation = ["Date"] | ["undefined"];

/** superjson's path escaping (pathstringifier.ts): a key's backslashes, then its dots. */
const escapeKey = (key: string) =>
  key.includes("\\") || key.includes(".") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key;

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

class Unsupported extends Error {}
const UNSUPPORTED = new Unsupported();

const childPath = (path: string | null, key: string) => (path === null ? key : `${path}.${key}`);

/**
 * Records the annotation each Date and undefined below `node` needs (`path` null at the root:
 * an empty key is a path of its own); throws on anything else, and on the keys superjson refuses
 * (a prototype pollution risk). A path is written only for what needs one: most values are
 * strings, numbers, booleans and nulls, which need nothing.
 */
function walk(
  node: object,
  path: string | null,
  depth: number,
  values: Record<string, Annotation>,
): void {
  if (depth > MAX_DEPTH) throw UNSUPPORTED;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      // A hole is not an undefined to superjson: its walk skips it.
      if (!(i in node)) throw UNSUPPORTED;
      const value: unknown = node[i];
      if (needsNothing(value)) continue;
      visit(value, childPath(path, String(i)), depth, values);
    }
    return;
  }
  for (const key of Object.keys(node)) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") throw UNSUPPORTED;
    const value: unknown = (node as Record<string, unknown>)[key];
    if (needsNothing(value)) continue;
    visit(value, childPath(path, escapeKey(key)), depth, values);
  }
}

/** A value JSON writes as superjson does, with no annotation. */
function needsNothing(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      // superjson writes NaN, the infinities and -0 as annotated strings.
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object":
      return value === null;
    default:
      return false;
  }
}

/** A value needsNothing did not take: annotated, walked into, or unsupported. */
function visit(value: unknown, path: string, depth: number, values: Record<string, Annotation>) {
  if (value === undefined) {
    values[path] = ["undefined"];
    return;
  }
  if (typeof value !== "object" || value === null) throw UNSUPPORTED;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw UNSUPPORTED;
    values[path] = ["Date"];
    return;
  }
  if (!Array.isArray(value) && !isPlainObject(value)) throw UNSUPPORTED;
  walk(value, path, depth + 1, values);
}

/** superjson.serialize's answer for `value`, without copying plain data. */
export function serializeOutput(value: unknown): SuperJSONResult {
  if (typeof value !== "object" || value === null || value instanceof Date) {
    return superjson.serialize(value);
  }
  if (!Array.isArray(value) && !isPlainObject(value)) return superjson.serialize(value);
  const values: Record<string, Annotation> = {};
  try {
    walk(value, null, 0, values);
  } catch (error) {
    if (error instanceof Unsupported) return superjson.serialize(value);
    throw error;
  }
  for (const _ in values) {
    return { json: value as SuperJSONResult["json"], meta: { values, v: 1 } };
  }
  return { json: value as SuperJSONResult["json"] };
}

/** The server's transformer: superjson in, superjson's format out through the fast path. */
export const transformer = {
  input: superjson,
  output: { serialize: serializeOutput, deserialize: superjson.deserialize.bind(superjson) },
};
