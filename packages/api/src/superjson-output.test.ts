import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { serializeOutput } from "./superjson-output";

/** Generated cases per property; `FC_RUNS=100000` hunts longer (the third then needs --testTimeout). */
const RUNS = Number(process.env.FC_RUNS ?? 2000);

/** What the client ends up with: the answer through JSON text and superjson's decoder. */
const received = (wire: unknown) => superjson.deserialize(JSON.parse(JSON.stringify(wire)));

/** What a serializer does with `value`: what the client receives, or the error it throws. */
function outcome(serialize: (value: unknown) => unknown, value: unknown) {
  try {
    return { value: received(serialize(value)) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The JSON a serializer sends for `value`, or the error it throws. */
function wire(serialize: (value: unknown) => unknown, value: unknown) {
  try {
    return { wire: JSON.parse(JSON.stringify(serialize(value))) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Answers as procedures write them: plain objects and arrays of JSON values and Dates. */
const plainData = (leaves: fc.Arbitrary<unknown>[]) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.date({ noInvalidDate: true }),
      ...leaves,
      fc.array(tie("value")),
      fc.dictionary(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            "a.b",
            "a\\b",
            "a\\.b",
            ".",
            "\\",
            "__proto__",
            "constructor",
            "prototype",
          ),
        ),
        tie("value"),
      ),
    ),
  })).value;

describe("serializeOutput", () => {
  it("writes plain data exactly as superjson does", () => {
    fc.assert(
      fc.property(plainData([]), (value) => {
        // Generated data reaches no object twice, which superjson would also record.
        expect(wire(serializeOutput, value)).toStrictEqual(wire(superjson.serialize, value));
      }),
      { numRuns: RUNS },
    );
  });

  it("gives the client the same value as superjson where data holds undefined", () => {
    // The one difference on the wire: a property holding undefined is left out of `json` rather
    // than written as null; its annotation is the same, and superjson restores it either way.
    fc.assert(
      fc.property(plainData([fc.constant(undefined)]), (value) => {
        const meta = (serialize: (value: unknown) => unknown) => {
          const sent = wire(serialize, value);
          return sent.wire ? sent.wire.meta : sent;
        };
        expect(meta(serializeOutput)).toStrictEqual(meta(superjson.serialize));
        expect(outcome(serializeOutput, value)).toStrictEqual(outcome(superjson.serialize, value));
      }),
      { numRuns: RUNS },
    );
  });

  it("hands anything else to superjson, so the client decodes the same value", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withBoxedValues: true,
          withTypedArray: true,
          withSparseArray: true,
          withUnicodeString: true,
        }),
        (value) => {
          expect(outcome(serializeOutput, value)).toStrictEqual(
            outcome(superjson.serialize, value),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("copies nothing: the answer itself is the json", () => {
    const answer = [{ id: 1, startTime: new Date("2026-11-26T09:00:00Z"), note: undefined }];
    const wire = serializeOutput(answer);
    expect(wire.json).toBe(answer);
    expect(wire.meta).toStrictEqual({
      values: { "0.startTime": ["Date"], "0.note": ["undefined"] },
      v: 1,
    });
    expect(received(wire)).toStrictEqual(answer);
  });

  it("writes no meta for an answer without Dates, as superjson", () => {
    expect(serializeOutput({ ok: true })).toStrictEqual({ json: { ok: true } });
    expect(serializeOutput([])).toStrictEqual(superjson.serialize([]));
  });

  it.each([
    ["a Map", { byId: new Map([[1, "a"]]) }],
    ["a BigInt", { n: 10n }],
    ["NaN", { n: Number.NaN }],
    ["Infinity", [Number.POSITIVE_INFINITY]],
    ["-0", { n: -0 }],
    ["an invalid Date", { at: new Date(Number.NaN) }],
    ["a class instance", { at: new URL("https://circleplan.app/") }],
  ])("gives %s to superjson", (_, value) => {
    expect(outcome(serializeOutput, value)).toStrictEqual(outcome(superjson.serialize, value));
  });

  it("gives a cycle to superjson instead of overflowing", () => {
    const node: Record<string, unknown> = { id: 1 };
    node.self = node;
    expect(() => serializeOutput(node)).not.toThrow();
    expect(serializeOutput(node)).toStrictEqual(superjson.serialize(node));
  });

  it("refuses a prototype-polluting key as superjson does", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}');
    expect(() => serializeOutput(value)).toThrow(/prototype pollution/);
  });
});
