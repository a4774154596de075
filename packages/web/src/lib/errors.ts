import { TRPCClientError } from "@trpc/client";

/** What the API's error formatter puts on every tRPC error (api-conventions.md, Errors). */
export interface ApiErrorData {
  code?: string;
  httpStatus?: number;
  issues?: { path: string; message: string }[];
  showForgotPassword?: boolean;
  retryAfter?: number;
}

/** The error's server data, or null when no server answer came back (offline, CORS, crash). */
export function errorData(error: unknown): ApiErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (!data || typeof data !== "object") return null;
  return data as ApiErrorData;
}

export function httpStatus(error: unknown): number | null {
  return errorData(error)?.httpStatus ?? null;
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401;
}

export function isNotFound(error: unknown): boolean {
  return httpStatus(error) === 404 || errorData(error)?.code === "NOT_FOUND";
}

/** What a toast says when no server answer came back at all (offline, server down). */
export const NO_ANSWER_MESSAGE =
  "We could not reach the server. Check your connection and try again.";

/**
 * The product message the server sent, for a toast's description; the caller's fallback when
 * the server answered without one. A failure without any answer carries a transport message
 * ("Failed to fetch") that means nothing to a user, and the fallback may blame the person
 * ("Invalid email or password"), so it says the server was not reached.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  if (!errorData(error)) return NO_ANSWER_MESSAGE;
  return error.message.trim() ? error.message : fallback;
}

/**
 * The spec's raw error text: the status code, a colon, then the answer's body, e.g.
 * `401: {"message":"Not authenticated","code":"UNAUTHORIZED"}`. For places that show an error
 * as it is (diagnostics, unexpected failures), not for toasts.
 */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const data = errorData(error);
  if (!data?.httpStatus) return message;
  const body = data.code ? { message, code: data.code } : { message };
  return `${data.httpStatus}: ${JSON.stringify(body)}`;
}
