/**
 * Whole HTTP requests built from the derived targets and the hostile values: REST calls, single
 * and batched tRPC calls, broken tRPC paths, and hostile cookie or forwarding headers.
 */
import fc from "fast-check";
import {
  hostileInput,
  hostileString,
  JsonObjectText,
  malformedJson,
  type SizeOptions,
} from "./hostile-values";
import type { InputField, ProcedureTarget, RestTarget } from "./targets";

/** Stands for the signed-in session id in a cookie header; the sender fills it in. */
export const SESSION_PLACEHOLDER = "{session}";

/** The web app never batches (docs/decisions/005); more calls than this in one request is abuse. */
export const LARGEST_ACCEPTABLE_BATCH = 50;

/** No plain JSON body of the app comes near this (photo-carrying routes: answer-checks.ts). */
export const OVERSIZED_BODY_BYTES = 1_000_000;

/** Node answers 431 on its own beyond 16 KB of request line and headers, before the app runs. */
const LONGEST_URL = 12_000;

export interface FuzzRequest {
  method: string;
  /** Path and query string, as sent. */
  target: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
  /** Send the signed-in session cookie (unless `headers.cookie` says otherwise). */
  signedIn: boolean;
  /** Calls in a tRPC batch request. */
  batchSize: number | undefined;
}

export interface RequestContext {
  appOrigin: string;
  cookieName: string;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const JSON_CONTENT_TYPES = ["application/json", "application/json; charset=utf-8"];
const OTHER_CONTENT_TYPES = [
  "Application/JSON",
  "application/json; charset=utf-16",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----junk",
  "application/xml",
  "application/json-patch+json",
  "",
  "*/*",
];

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

/** Percent-encodes the UTF-8 of any string; lone surrogates go as U+FFFD, as a browser sends them. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

/** Shows a request the way a developer needs it to reproduce a failure: short and escaped. */
export function describeRequest(request: FuzzRequest): string {
  const lines = [`${request.method} ${truncate(request.target, 300)}`];
  if (request.signedIn && request.headers.cookie === undefined)
    lines.push(`  (the signed-in session cookie)`);
  for (const [name, value] of Object.entries(request.headers))
    lines.push(`  ${name}: ${truncate(JSON.stringify(value), 300)}`);
  if (request.body) {
    const text = Buffer.from(request.body).toString("utf8");
    lines.push(`  body (${request.body.length} bytes): ${truncate(JSON.stringify(text), 400)}`);
  }
  return lines.join("\n");
}

/** The start and the end of a long text: what follows a huge field often matters most. */
export function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const tail = Math.floor(length / 3);
  return `${text.slice(0, length - tail)} …(${text.length} chars)… ${text.slice(-tail)}`;
}

/** fast-check prints a counterexample with this, instead of dumping a 1.5 MB body. */
function printable(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => `\n${describeRequest(request)}\n` });
}

function originHeader({ appOrigin }: RequestContext): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(appOrigin) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        "null",
        "",
        "http://evil.example",
        `${appOrigin}/`,
        appOrigin.toUpperCase(),
        appOrigin.replace("localhost", "127.0.0.1"),
        `${appOrigin}.evil.example`,
      ),
    },
  );
}

/**
 * What a request gets wrong. `inputs`: the content (values, JSON, paths) under a proper JSON
 * content type. `transport`: the wrapping (content types, body sizes). Kept apart so that a
 * failure of one kind does not hide every failure of the other.
 */
export type Hostility = "inputs" | "transport";

function contentType(hostility: Hostility): fc.Arbitrary<string | undefined> {
  if (hostility === "inputs") return fc.constantFrom(...JSON_CONTENT_TYPES);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES) },
    { weight: 3, arbitrary: fc.constantFrom(...OTHER_CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

interface Envelope {
  origin: string | undefined;
  contentType: string | undefined;
  signedIn: boolean;
}

function envelope(context: RequestContext, signedIn: fc.Arbitrary<boolean>, hostility: Hostility) {
  return fc.record<Envelope>({
    origin: originHeader(context),
    contentType: contentType(hostility),
    signedIn,
  });
}

function assemble(
  parts: { method: string; target: string; body: Uint8Array | undefined; batchSize?: number },
  { origin, contentType, signedIn }: Envelope,
): FuzzRequest {
  const takesBody = !["GET", "HEAD"].includes(parts.method);
  const sendsBody = parts.body !== undefined && takesBody;
  const headers: Record<string, string> = {};
  if (origin !== undefined) headers.origin = origin;
  // Declared even without a body, as the tRPC client does for a mutation without input.
  if (takesBody && contentType !== undefined) headers["content-type"] = contentType;
  return printable({
    method: parts.method,
    target: parts.target,
    headers,
    body: sendsBody ? parts.body : undefined,
    signedIn,
    batchSize: parts.batchSize,
  });
}

/** JSON text that is not UTF-8: a valid body with invalid byte sequences in a string. */
function invalidUtf8(fields: InputField[], wrap: (input: unknown) => unknown) {
  const key = fields[0]?.key ?? "value";
  return fc
    .constantFrom([0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0xa4])
    .map((bytes) => {
      const [head = "", tail = ""] = JSON.stringify(wrap({ [key]: "\u0001" })).split("\\u0001");
      return new Uint8Array([...utf8(head), ...bytes, ...utf8(tail)]);
    });
}

/** About 1.5 MB: a plausible body with a huge field, or one huge string. */
function oversizedBody(fields: InputField[], wrap: (input: unknown) => unknown) {
  const key = fields[0]?.key ?? "value";
  const huge = "a".repeat(1_500_000);
  return fc
    .constantFrom(
      () => wrap({ [key]: huge }),
      () => wrap({ [key]: "x", padding: huge }),
      () => huge,
    )
    .map((make) => utf8(JSON.stringify(make())));
}

function jsonBody(
  input: fc.Arbitrary<unknown>,
  fields: InputField[],
  wrap: (input: unknown) => unknown,
  hostility: Hostility,
): fc.Arbitrary<Uint8Array | undefined> {
  const json = input.map((value) =>
    value === undefined ? undefined : utf8(JSON.stringify(value)),
  );
  if (hostility === "transport")
    return fc.oneof(
      { weight: 3, arbitrary: json },
      { weight: 1, arbitrary: oversizedBody(fields, wrap) },
    );
  return fc.oneof(
    { weight: 14, arbitrary: json },
    { weight: 4, arbitrary: malformedJson(fields).map(utf8) },
    { weight: 1, arbitrary: invalidUtf8(fields, wrap) },
  );
}

/** Odd values for `:param` path segments: ids that are not ids, and encodings that break. */
const pathParam = fc.oneof(
  fc
    .constantFrom(
      "0",
      "-1",
      "1.5",
      "1e309",
      "99999999999999999999",
      "9007199254740993",
      "0x10",
      "+1",
      " 1",
      "NaN",
      "null",
      "undefined",
      "__proto__",
      "\uff11",
      "\u0663",
      "🙂",
      "..%2F..%2Fetc",
      "%2e%2e",
      "a".repeat(5000),
    )
    .map(percentEncode),
  // Sent raw: broken percent-encoding, and segments the URL parser resolves.
  fc.constantFrom("%", "%00", "%E0%A4%A", "%FF", "..", ".", ""),
);

const PATH_SUFFIXES = ["/", "//", "%", "%00", "%E0%A4%A", "/..", ";x", "%2F"];

function queryString(fields: InputField[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...fields.map((field) => field.key), "__proto__", "constructor"),
    hostileString({ long: false }),
  );
  const encoded = fc
    .array(fc.tuple(key, hostileString({ long: false })), { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&"));
  const raw = fc.constantFrom("email=%E0%A4%A", "a=%", "email=%00", "a&a&=&==", "email=a&email=b");
  return fc.oneof(encoded, raw).map((query) => `?${query}`);
}

export function restRequest(
  route: RestTarget,
  context: RequestContext,
  signedIn: fc.Arbitrary<boolean>,
  hostility: Hostility = "inputs",
): fc.Arbitrary<FuzzRequest> {
  const fill = (params: string[]) =>
    route.params.reduce(
      (path, name, index) => path.replace(`:${name}`, params[index] ?? ""),
      route.path,
    );
  const wrap = (input: unknown) => input;
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      params: fc.array(pathParam, {
        minLength: route.params.length,
        maxLength: route.params.length,
      }),
      suffix: fc.oneof(
        { weight: 9, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.constantFrom(...PATH_SUFFIXES) },
      ),
      query: fc.option(queryString(route.fields), { nil: "", freq: 3 }),
      body: jsonBody(hostileInput(route.fields, { long: true }), route.fields, wrap, hostility),
      envelope: envelope(context, signedIn, hostility),
    })
    .map(({ method, params, suffix, query, body, envelope }) =>
      assemble({ method, target: `${fill(params)}${suffix}${query}`, body }, envelope),
    );
}

const SUPERJSON_ANNOTATIONS = [
  ["undefined"],
  ["Date"],
  ["bigint"],
  ["regexp"],
  ["set"],
  ["map"],
  ["number"],
  ["Error"],
  ["symbol", "nope"],
  ["class", "Nope"],
  ["custom", "nope"],
  "Date",
  7,
  null,
];

/** superjson's `meta` tells the server how to revive values: a way in for odd types. */
function superjsonMeta(fields: InputField[]): fc.Arbitrary<unknown> {
  const annotation = fc.constantFrom(...SUPERJSON_ANNOTATIONS);
  const path = fc.constantFrom(
    ...fields.map((field) => field.key),
    "__proto__",
    "constructor.prototype",
    "a.b.c",
    "",
  );
  return fc.oneof(
    annotation.map((values) => ({ values })),
    fc
      .tuple(path, annotation)
      .map(([at, values]) => ({ values: new JsonObjectText([[at, values]]) })),
    fc.constantFrom(
      { referentialEqualities: { "": ["__proto__"] } },
      { referentialEqualities: new JsonObjectText([["__proto__", ["constructor.prototype"]]]) },
      { referentialEqualities: ["x"] },
      { v: 99 },
      "garbage",
      [],
    ),
  );
}

/** A tRPC input as sent: the superjson envelope, with hostile meta, or bare (no envelope). */
function trpcInput(fields: InputField[], size: SizeOptions): fc.Arbitrary<unknown> {
  const input = hostileInput(fields, size);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: input.map((value) => (value === undefined ? undefined : { json: value })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(input, superjsonMeta(fields))
        .map(([value, meta]) => ({ json: value ?? null, meta })),
    },
    { weight: 2, arbitrary: input },
  );
}

const wrapInEnvelope = (input: unknown) => ({ json: input });

/** Query strings for a GET call whose `input` is broken before JSON even starts. */
const BROKEN_INPUT_QUERIES = [
  "?input=%E0%A4%A",
  "?input=%",
  "?input=%FF%FE",
  "?input={",
  "?input=",
  "?input=null&input=1",
  "?batch=1",
  "?batch=1&input=[]",
];

function withQueryInput(path: string, input: unknown): string {
  return input === undefined ? path : `${path}?input=${percentEncode(JSON.stringify(input))}`;
}

export function trpcRequest(
  procedure: ProcedureTarget,
  context: RequestContext,
  signedIn: fc.Arbitrary<boolean>,
  hostility: Hostility = "inputs",
): fc.Arbitrary<FuzzRequest> {
  const path = `/api/trpc/${procedure.path}`;
  const get = fc
    .record({
      query: fc.oneof(
        {
          weight: 9,
          arbitrary: trpcInput(procedure.fields, { long: false }).map((input) =>
            withQueryInput(path, input),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...BROKEN_INPUT_QUERIES).map((query) => `${path}${query}`),
        },
      ),
      envelope: envelope(context, signedIn, hostility),
    })
    .map(({ query, envelope }) =>
      assemble(
        { method: "GET", target: query.length > LONGEST_URL ? path : query, body: undefined },
        envelope,
      ),
    );
  const withBody = fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant("POST") },
        { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS") },
      ),
      body: jsonBody(
        trpcInput(procedure.fields, { long: true }),
        procedure.fields,
        wrapInEnvelope,
        hostility,
      ),
      envelope: envelope(context, signedIn, hostility),
    })
    .map(({ method, body, envelope }) => assemble({ method, target: path, body }, envelope));
  if (hostility === "transport") return withBody;
  const expectsGet = procedure.type !== "mutation";
  return fc.oneof(
    { weight: expectsGet ? 9 : 1, arbitrary: get },
    { weight: expectsGet ? 1 : 9, arbitrary: withBody },
  );
}

/**
 * `/api/trpc/a,b,c?batch=1` with `{"0": …, "1": …}`: a few calls, or 45 to 60. Mostly calls of
 * one type, with the method tRPC expects for it: mixing types is refused before any limit.
 */
export function trpcBatchRequest(
  procedures: ProcedureTarget[],
  context: RequestContext,
  signedIn: fc.Arbitrary<boolean>,
): fc.Arbitrary<FuzzRequest> {
  const calls = (group: ProcedureTarget[]) => {
    const call = fc.oneof(
      ...group.map((procedure) =>
        fc.tuple(fc.constant(procedure.path), trpcInput(procedure.fields, { long: false })),
      ),
    );
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(call, { minLength: 1, maxLength: 10 }) },
      // Unshrunk: what matters is the count, and shrinking 60 calls one by one takes minutes.
      { weight: 1, arbitrary: fc.noShrink(fc.array(call, { minLength: 45, maxLength: 60 })) },
    );
  };
  const queries = procedures.filter((procedure) => procedure.type === "query");
  const mutations = procedures.filter((procedure) => procedure.type === "mutation");
  const batches = [
    ...(queries.length ? [fc.record({ calls: calls(queries), method: fc.constant("GET") })] : []),
    ...(mutations.length
      ? [fc.record({ calls: calls(mutations), method: fc.constant("POST") })]
      : []),
    fc.record({ calls: calls(procedures), method: fc.constantFrom("GET", "POST") }),
  ];
  return fc
    .record({
      batch: fc.oneof(...batches),
      shape: fc.oneof(
        { weight: 8, arbitrary: fc.constant("indexed" as const) },
        { weight: 1, arbitrary: fc.constantFrom("array" as const, "shifted" as const) },
      ),
      envelope: envelope(context, signedIn, "inputs"),
    })
    .map(({ batch: { calls, method }, shape, envelope }) => {
      const inputsOf = (kept: typeof calls) => {
        const inputs = kept.map(([, input]) => input);
        if (shape === "array") return inputs;
        const offset = shape === "shifted" ? 1 : 0;
        return Object.fromEntries(inputs.map((input, index) => [String(index + offset), input]));
      };
      const targetOf = (kept: typeof calls) => {
        const path = `/api/trpc/${kept.map(([name]) => name).join(",")}?batch=1`;
        return method === "GET"
          ? `${path}&input=${percentEncode(JSON.stringify(inputsOf(kept)))}`
          : path;
      };
      let kept = calls;
      while (kept.length > 1 && targetOf(kept).length > LONGEST_URL) kept = kept.slice(0, -1);
      const body = method === "POST" ? utf8(JSON.stringify(inputsOf(kept))) : undefined;
      return assemble({ method, target: targetOf(kept), body, batchSize: kept.length }, envelope);
    });
}

const UNKNOWN_PROCEDURES = [
  "nope",
  "auth.nope",
  "auth",
  "auth.login.extra",
  "auth..login",
  ".auth.login",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "auth.__proto__",
  "auth.constructor",
  "_def",
  "a".repeat(5000),
];
const PATH_BREAKERS = [
  "",
  "%",
  "%E0%A4%A",
  "%00",
  "%ZZ",
  "%c0%ae",
  "%2F",
  "/",
  "/..",
  ",",
  ",,",
  ".",
];

/** tRPC paths with broken percent-encoding, unknown procedures and stray separators. */
export function trpcPathRequest(
  procedures: ProcedureTarget[],
  context: RequestContext,
  signedIn: fc.Arbitrary<boolean>,
): fc.Arbitrary<FuzzRequest> {
  const name = fc.oneof(
    fc.constantFrom(...procedures.map((procedure) => procedure.path)),
    fc.constantFrom(...UNKNOWN_PROCEDURES),
    hostileString({ long: false }).map((text) => text.replace(/[?#]/g, "")),
  );
  return fc
    .record({
      prefix: fc.constantFrom("", "%", "%00", "%E0%A4%A"),
      name,
      suffix: fc.constantFrom(...PATH_BREAKERS),
      batch: fc.boolean(),
      method: fc.constantFrom("GET", "POST"),
      input: trpcInput([], { long: false }),
      envelope: envelope(context, signedIn, "inputs"),
    })
    .map(({ prefix, name, suffix, batch, method, input, envelope }) => {
      const path = `/api/trpc/${prefix}${name}${suffix}`;
      const body = batch ? { 0: input } : input;
      const target =
        method === "GET"
          ? withQueryInput(batch ? `${path}?batch=1` : path, body).slice(0, LONGEST_URL)
          : `${path}${batch ? "?batch=1" : ""}`;
      const bytes =
        method === "POST" && body !== undefined ? utf8(JSON.stringify(body)) : undefined;
      return assemble({ method, target, body: bytes }, envelope);
    });
}

/** Cookie headers no browser sends: broken encodings, giant or many values, lookalike names. */
export function hostileCookieHeader({ cookieName }: RequestContext): fc.Arbitrary<string> {
  const session = SESSION_PLACEHOLDER;
  const value = fc.constantFrom(
    "%E0%A4%A",
    "%",
    "%00",
    "%ZZ",
    "%FF%FE",
    '"quoted"',
    "",
    " ",
    "=",
    `${session}%`,
    `${session}%00`,
    `${session}\t`,
    "a".repeat(4000),
    "a".repeat(10_000),
  );
  return fc.oneof(
    value.map((v) => `${cookieName}=${v}`),
    value.map((v) => `${cookieName}=${v}; ${cookieName}=${session}`),
    value.map((v) => `${cookieName}=${session}; ${cookieName}=${v}`),
    value.map((v) => `__Host-${cookieName}=${v}; ${cookieName}=${session}`),
    fc.constantFrom(`__Host-${cookieName}=${session}`, `__Secure-${cookieName}=${session}`),
    fc
      .tuple(fc.integer({ min: 50, max: 400 }), fc.boolean())
      .map(([count, withSession]) =>
        [
          ...Array.from({ length: count }, (_, index) => `c${index}=${index}`),
          ...(withSession ? [`${cookieName}=${session}`] : []),
        ].join("; "),
      ),
    fc
      .tuple(
        fc.constantFrom("garbage", ";;;", "=", "=value", " ; = ; ", cookieName, `${cookieName};`),
        fc.boolean(),
      )
      .map(([garbage, withSession]) =>
        withSession ? `${garbage}; ${cookieName}=${session}` : garbage,
      ),
  );
}

/** Client-address headers as a client can forge them: rate-limit keys come from these. */
export const hostileForwardingHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.constantFrom("x-forwarded-for", "cloudfront-viewer-address", "forwarded", "x-real-ip"),
    fc.constantFrom(
      "",
      " ",
      ",",
      "unknown",
      "999.999.999.999",
      "::1",
      "[::1]:80",
      "fe80::1%eth0",
      "1.2.3.4:5678",
      "' OR 1=1 --",
      "%00",
      "a".repeat(3000),
      `1.2.3.4, ${"5.6.7.8, ".repeat(500)}9.9.9.9`,
      "for=1.2.3.4;proto=http",
    ),
  )
  .map(([name, value]) => ({ [name]: value }));

/** Sets a header on an already built request, keeping it printable. */
export function withHeaders(request: FuzzRequest, headers: Record<string, string>): FuzzRequest {
  return printable({ ...request, headers: { ...request.headers, ...headers } });
}
