/**
 * What every answer to a hostile request must be (api-conventions.md, "Errors" and "Sessions"):
 * never a server error, an error is JSON `{message, code}`, nothing secret in any answer, and a
 * request the rules refuse is refused.
 */

import { PHOTO_JSON_BODY_MAX_BYTES } from "@circleplan/shared/limits";
import { restRoutes } from "../../root";
import { type FuzzRequest, LARGEST_ACCEPTABLE_BATCH, OVERSIZED_BODY_BYTES } from "./fuzz-requests";
import { FORBIDDEN_IN_ANSWERS } from "./hostile-values";

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The conventions' error body, which the REST door and the app's own middleware answer. */
function isRestError(body: unknown): boolean {
  return isObject(body) && typeof body.message === "string" && typeof body.code === "string";
}

/** tRPC's error envelope `{error: {json: {message, code, data: {code, httpStatus}}}}`. */
function trpcErrorProblem(item: Json): string | null {
  const json = isObject(item.error) ? item.error.json : undefined;
  if (!isObject(json) || typeof json.message !== "string") return "tRPC error without a message";
  const data = json.data;
  if (!isObject(data) || typeof data.code !== "string") return "tRPC error without a string code";
  if (typeof data.httpStatus !== "number" || data.httpStatus >= 500)
    return `tRPC error with httpStatus ${String(data.httpStatus)}`;
  return null;
}

/** Each call of a tRPC answer: a result, or an error that is not a server error. */
function trpcProblems(body: unknown): string[] {
  const items = Array.isArray(body) ? body : [body];
  const problems: string[] = [];
  for (const [index, item] of items.entries()) {
    if (!isObject(item)) {
      problems.push(`tRPC answer item ${index} is not an object`);
      continue;
    }
    if ("result" in item) continue;
    const problem = trpcErrorProblem(item);
    if (problem) problems.push(Array.isArray(body) ? `batch item ${index}: ${problem}` : problem);
  }
  return problems;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isTrpc = (request: FuzzRequest) => request.target.startsWith("/api/trpc");
const isJsonContentType = (value: string | undefined) =>
  value !== undefined && /^application\/json\s*(;|$)/i.test(value);

function errorShapeProblems(request: FuzzRequest, answer: FuzzAnswer): string[] {
  if (!isJsonContentType(answer.contentType))
    return [`an error answer must be JSON, got content-type ${JSON.stringify(answer.contentType)}`];
  const parsed = parseJson(answer.text);
  if (!parsed.ok) return ["an error answer must be JSON, the body does not parse"];
  if (isRestError(parsed.value)) return [];
  if (!isTrpc(request)) return ["an error body must be {message: string, code: string}"];
  return trpcProblems(parsed.value);
}

/** JSON routes that may carry a photo as a data URL take bodies up to its base64 size. */
const PHOTO_JSON_ROUTES = restRoutes
  .filter((route) => route.body === "photo-json")
  .map((route) => ({
    method: route.method,
    pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}(\\?|$)`),
  }));
const oversizedFor = (request: FuzzRequest) =>
  PHOTO_JSON_ROUTES.some(
    (route) => route.method === request.method && route.pattern.test(request.target),
  )
    ? PHOTO_JSON_BODY_MAX_BYTES + 1
    : OVERSIZED_BODY_BYTES;

/**
 * RFC 8058's one-click unsubscribe: mail clients post it with no Origin and no cookies, so it is
 * the one state-changing request the Origin rule leaves to its signed token
 * (one-click-unsubscribe.ts).
 */
const isOneClickUnsubscribe = (request: FuzzRequest) =>
  request.method === "POST" &&
  /^\/api\/notifications\/unsubscribe\?(.*&)?token=/.test(request.target);

/** Requests the conventions say the app must refuse, whatever their content. */
function refusalProblems(request: FuzzRequest, answer: FuzzAnswer, appOrigin: string): string[] {
  const problems: string[] = [];
  const refused = answer.status >= 400;
  if (
    !SAFE_METHODS.has(request.method) &&
    request.headers.origin !== appOrigin &&
    answer.status !== 403 &&
    !isOneClickUnsubscribe(request)
  )
    problems.push("a state-changing request without the app's Origin must be refused with 403");
  const bodyBytes = request.body?.length ?? 0;
  // The fuzzer's multipart bodies are never valid multipart, so even an upload path refuses them.
  if (bodyBytes > 0 && !isJsonContentType(request.headers["content-type"]) && !refused)
    problems.push("a body not declared application/json must be refused");
  if (bodyBytes >= oversizedFor(request) && !refused)
    problems.push(`a body of ${bodyBytes} bytes must be refused`);
  if ((request.batchSize ?? 0) > LARGEST_ACCEPTABLE_BATCH && !refused)
    problems.push(`a batch of ${request.batchSize} calls must be refused`);
  return problems;
}

export function answerProblems(
  request: FuzzRequest,
  answer: FuzzAnswer,
  appOrigin: string,
): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}: never a server error`);
  for (const word of FORBIDDEN_IN_ANSWERS) {
    if (answer.text.includes(word)) problems.push(`the answer contains ${JSON.stringify(word)}`);
  }
  if (answer.status >= 400) {
    problems.push(...errorShapeProblems(request, answer));
  } else if (isTrpc(request)) {
    // A batch answers 200 or 207 even when some of its calls failed: check every call.
    const parsed = parseJson(answer.text);
    if (parsed.ok) problems.push(...trpcProblems(parsed.value));
  }
  problems.push(...refusalProblems(request, answer, appOrigin));
  return problems;
}
