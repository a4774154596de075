/**
 * The raw material of every fuzzed request: strings, JSON values and inputs that a broken client
 * or an attacker sends. Generators are ordered simplest first so fast-check shrinks towards them.
 */
import fc from "fast-check";
import type { InputField } from "./targets";

/**
 * Text no answer may ever contain: stack traces, SQL, database errors, secrets. A serialized
 * error's stack is its key, not the word: the fuzzer's world has faker's titles ("stack trash").
 */
export const FORBIDDEN_IN_ANSWERS = [
  '"stack":',
  "    at ",
  "node_modules",
  "SELECT ",
  "INSERT ",
  "UPDATE ",
  "syntax error at",
  "violates",
  "scrypt$",
  "password_hash",
  "passwordHash",
  "token_hash",
  "tokenHash",
  "code_hash",
  "codeHash",
] as const;

/** The generators never send forbidden text, so an answer cannot be blamed for echoing it. */
export const freeOfForbiddenText = (text: string) =>
  !FORBIDDEN_IN_ANSWERS.some((word) => text.includes(word));

/** A signed-up account the fuzzer knows, so some inputs reach past "unknown email". */
export const KNOWN_ACCOUNT = {
  email: "fuzz.tester@example.com",
  password: "Fuzz-tester-7!",
  firstName: "Fuzz",
  lastName: "Tester",
  gender: "female",
  country: "US",
  city: "New York",
  phoneNumber: "+1 2125550123",
} as const;

/** Values that pass validation, by field name, so one hostile field among them gets deep. */
const PLAUSIBLE_BY_FIELD: Record<string, string[]> = {
  email: [KNOWN_ACCOUNT.email, "Fuzz.Tester@Example.com", "someone.else@example.com"],
  password: [KNOWN_ACCOUNT.password],
  newPassword: [KNOWN_ACCOUNT.password, "Another-pass-9?"],
  currentPassword: [KNOWN_ACCOUNT.password],
  otp: ["123456"],
  token: ["not-a-real-token"],
  firstName: [KNOWN_ACCOUNT.firstName],
  lastName: [KNOWN_ACCOUNT.lastName],
  country: [KNOWN_ACCOUNT.country],
  city: [KNOWN_ACCOUNT.city],
  phoneNumber: [KNOWN_ACCOUNT.phoneNumber],
  // Ids of the rows fuzz-harness.ts seeds around the known account.
  id: ["3", "1", "4", "2", "5"],
  userId: ["2", "1", "3"],
  memberId: ["4", "5", "1", "6"],
  invitationId: ["1", "2"],
  name: ["Fuzz family"],
  color: ["#10B981"],
  role: ["admin"],
};
const PLAUSIBLE_STRINGS = [...new Set(Object.values(PLAUSIBLE_BY_FIELD).flat())];

/** One value that passes this field's validation, when the fuzzer knows one. */
export function plausibleValue(field: InputField): string {
  return field.choices[0] ?? PLAUSIBLE_BY_FIELD[field.key]?.[0] ?? "x";
}

const CONTROL_CHARACTERS = [
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u2028",
  "\u2029",
  "\ud800",
  "\udfff",
  "\ufeff",
  "\u202e",
  "\r\n",
  "\t",
];

/**
 * Text that does not compress: Postgres compresses long values before indexing them, so only
 * text like this shows that an index has a size limit. Deterministic, for reproducible runs.
 */
export function incompressible(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let state = 2_463_534_242;
  let text = "";
  while (text.length < length) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text += alphabet[(state >>> 0) % alphabet.length];
  }
  return text;
}

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "nul\u0000@example.com",
  `${KNOWN_ACCOUNT.email}\u0000`,
  "lone\ud800surrogate@example.com",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' AND sleep(5)#",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  // Cyrillic and fullwidth look-alikes of Latin letters.
  "fuzz.t\u0435ster@example.com",
  "ＦＵＺＺ@ＥＸＡＭＰＬＥ.ＣＯＭ",
  "e\u0301\u0301\u0301",
  "🙂👨‍👩‍👧",
  "\u202egnp.exe",
  "%00",
  "%E0%A4%A",
  "%",
  "../../etc/passwd",
  // Template injection as text; the escaped brace keeps it from being a placeholder here.
  `$\{7*7}{{7*7}}`,
  "__proto__",
  "constructor",
  "toString",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "9007199254740993",
  `${incompressible(3000)}@example.com`,
  `${"a".repeat(64)}@${"b".repeat(250)}.com`,
];

const longString = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(10_000, 100_000),
      fc.constantFrom("a", "\u0000", "é", "🙂", "\ud800", "'", "<>", "a@"),
    )
    .map(([length, chunk]) => chunk.repeat(Math.ceil(length / chunk.length))),
  fc.constantFrom(10_000, 100_000).map((length) => `${incompressible(length)}@example.com`),
);

const controlMix = fc.string({
  unit: fc.constantFrom(...CONTROL_CHARACTERS, "a", "@", ".", "%", "'", '"', "\\", "é"),
  maxLength: 24,
});

export interface SizeOptions {
  /** Strings of 10 and 100 KB; left out where many values share one request (batches, URLs). */
  long: boolean;
}

/** Fragments spliced into plausible values: what turns a valid email into a hostile one. */
const INJECTIONS = [
  ...CONTROL_CHARACTERS,
  " ",
  "%",
  "%00",
  "' OR 1=1 --",
  "<script>",
  "🙂",
  "\u0435",
  incompressible(3000),
];

const mutatedPlausible = fc
  .tuple(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.constantFrom(...INJECTIONS), fc.nat())
  .map(([text, injection, at]) => {
    const cut = at % (text.length + 1);
    return `${text.slice(0, cut)}${injection}${text.slice(cut)}`;
  });

export function hostileString({ long }: SizeOptions): fc.Arbitrary<string> {
  const kinds = [
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: mutatedPlausible },
    { weight: 1, arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS) },
    { weight: 1, arbitrary: controlMix },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
    {
      weight: 1,
      // An email-shaped string with a hostile local part.
      arbitrary: fc
        .tuple(controlMix, fc.constantFrom("example.com", "EXAMPLE.COM", "例え.jp", "x"))
        .map(([local, domain]) => `${local}@${domain}`),
    },
  ];
  // Cross-shrinking lets a failing long or odd string shrink to a plain one when that still fails.
  const text = long
    ? fc.oneof({ withCrossShrink: true }, ...kinds, { weight: 2, arbitrary: longString })
    : fc.oneof({ withCrossShrink: true }, ...kinds);
  return text.filter(freeOfForbiddenText);
}

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -Number.MAX_VALUE, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys that pollute prototypes or try to set what a client must not (mass assignment). */
const SPECIAL_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "userId",
  "emailVerifiedAt",
  "role",
  "isAdmin",
];

/** An object for JSON.stringify that keeps "__proto__" an own key, as a client can send it. */
export class JsonObjectText {
  constructor(readonly entries: [string, unknown][]) {}
  toJSON(): unknown {
    const object = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of this.entries) object[key] = value;
    return object;
  }
}

function objectOf(
  keys: fc.Arbitrary<string>,
  value: fc.Arbitrary<unknown>,
  maxKeys: number,
): fc.Arbitrary<JsonObjectText> {
  return fc
    .uniqueArray(fc.tuple(keys, value), { maxLength: maxKeys, selector: ([key]) => key })
    .map((entries) => new JsonObjectText(entries));
}

/** Any JSON value, nested a little, with hostile strings, numbers and keys. */
export function hostileJsonValue(size: SizeOptions): fc.Arbitrary<unknown> {
  const keys = fc.oneof(fc.constantFrom(...SPECIAL_KEYS), hostileString({ long: false }));
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", maxDepth: 3 },
      fc.constant(null),
      fc.boolean(),
      hostileNumber,
      hostileString(size),
      fc.array(tie("value"), { maxLength: 4 }),
      objectOf(keys, tie("value"), 4),
    ),
  }));
  return value;
}

/**
 * An input for a procedure with these fields. Most often a valid input with one hostile field
 * (the deepest reach), else every field random, arbitrary keys, a non-object, or nothing.
 */
export function hostileInput(fields: InputField[], size: SizeOptions): fc.Arbitrary<unknown> {
  const anyValue = hostileJsonValue(size);
  const hostileValue = fc.oneof(
    { weight: 4, arbitrary: hostileString(size) },
    { weight: 1, arbitrary: anyValue },
  );
  const plausible = (field: InputField) =>
    fc.constantFrom(...(PLAUSIBLE_BY_FIELD[field.key] ?? PLAUSIBLE_STRINGS), ...field.choices);
  const keys = fc.oneof(
    fc.constantFrom(...fields.map((field) => field.key), ...SPECIAL_KEYS),
    hostileString({ long: false }),
  );
  const oneHostileField = fc
    .record({
      values: fc.tuple(...fields.map(plausible)),
      hostile: hostileValue,
      at: fc.nat(),
    })
    .map(({ values, hostile, at }) => {
      const target = at % Math.max(1, fields.length);
      return new JsonObjectText(
        fields.map((field, index) => [field.key, index === target ? hostile : values[index]]),
      );
    });
  const everyFieldRandom = fc
    .record({
      values: fc.tuple(
        ...fields.map((field) =>
          fc.option(fc.oneof(plausible(field), hostileValue), { nil: undefined, freq: 8 }),
        ),
      ),
      extra: objectOf(keys, anyValue, 2),
    })
    .map(({ values, extra }) => {
      const present = fields.flatMap((field, index): [string, unknown][] =>
        values[index] === undefined ? [] : [[field.key, values[index]]],
      );
      return new JsonObjectText([...present, ...extra.entries]);
    });
  const byShape = fields.length
    ? [
        { weight: 10, arbitrary: oneHostileField },
        { weight: 3, arbitrary: everyFieldRandom },
      ]
    : [];
  // Simplest first: with cross-shrinking, a failure shrinks towards the first arbitrary.
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: anyValue },
    ...byShape,
    { weight: 2, arbitrary: objectOf(keys, anyValue, 5) },
  );
}

/** Bodies that are not JSON, or JSON no parser should be asked to take. */
export function malformedJson(fields: InputField[]): fc.Arbitrary<string> {
  const key = fields[0]?.key ?? "value";
  return fc.oneof(
    fc.constantFrom(
      "{",
      "}",
      "[",
      "{'single': 'quotes'}",
      `{"${key}":`,
      `{"${key}": "unterminated`,
      `{"${key}": "x"} trailing garbage`,
      `{"${key}": "x",}`,
      `{"${key}": 1e309}`,
      `{"${key}": 123456789012345678901234567890}`,
      `{"${key}": "\\ud800"}`,
      `{"${key}": "\\u0000"}`,
      `{"${key}": "a", "${key}": {"nested": true}}`,
      '{"__proto__": {"polluted": "yes"}}',
      '{"constructor": {"prototype": {"polluted": "yes"}}}',
      "\ufeff{}",
      "NaN",
      "undefined",
      "\u0000",
      `${"[".repeat(1000)}${"]".repeat(1000)}`,
      "[".repeat(1000),
      `${'{"a":'.repeat(1000)}null${"}".repeat(1000)}`,
    ),
    // A valid JSON body cut off anywhere.
    fc.tuple(hostileInput(fields, { long: false }), fc.nat()).map(([input, cut]) => {
      const text = JSON.stringify(input ?? {});
      return text.slice(0, cut % Math.max(1, text.length));
    }),
  );
}
