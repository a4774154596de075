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

/**
 * The product message the server sent, for a toast's description. A failure without a server
 * answer carries a transport message ("Failed to fetch") that means nothing to a user, so the
 * caller's fallback is shown instead.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (errorData(error) && error instanceof Error && error.message.trim()) return error.message;
  return fallback;
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
