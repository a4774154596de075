/**
 * One formatter for both doors: whatever was thrown, the answer is the status and body that
 * api-conventions.md gives it, with the product's message and never a stack trace or SQL.
 */
import {
  AppError,
  type ErrorIssue,
  errorStatus,
  isConcurrencyConflict,
} from "@circleplan/core/errors";
import { messages } from "@circleplan/shared/messages";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";

export interface ErrorBody {
  message: string;
  code: string;
  issues?: ErrorIssue[];
  showForgotPassword?: boolean;
}

export interface DescribedError {
  status: number;
  body: ErrorBody;
  retryAfter?: number;
}

/** The one error shape of both doors (api-conventions.md, Errors). */
export function errorBody(message: string, code: string): ErrorBody {
  return { message, code };
}

export function zodIssues(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

export function describeError(error: unknown): DescribedError {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof AppError) {
    const body: ErrorBody = { message: cause.message, code: cause.code };
    if (cause.extras.issues) body.issues = cause.extras.issues;
    if (cause.extras.showForgotPassword !== undefined)
      body.showForgotPassword = cause.extras.showForgotPassword;
    return {
      status: cause.status,
      body,
      ...(cause.extras.retryAfter ? { retryAfter: cause.extras.retryAfter } : {}),
    };
  }
  if (cause instanceof ZodError) {
    const issues = zodIssues(cause);
    return {
      status: errorStatus.VALIDATION_FAILED,
      body: { message: issues[0]?.message ?? "Invalid input", code: "VALIDATION_FAILED", issues },
    };
  }
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
    // tRPC's own refusals (unreadable input, unknown procedure, wrong method) carry messages
    // written for developers, some quoting internals: answer the product's words instead.
    const status = getHTTPStatusCodeFromError(error);
    return { status, body: { message: transportMessage(status), code: error.code } };
  }
  if (isConcurrencyConflict(cause)) {
    return { status: 409, body: { message: messages.concurrentChange, code: "CONFLICT" } };
  }
  // Logged once, by the door that answers (trpc-door.ts, rest.ts, app.ts), with the request's id.
  return { status: 500, body: { message: messages.internal, code: "INTERNAL" } };
}

/** The product's message for a refusal that happened before any procedure ran. */
export function transportMessage(status: number): string {
  switch (status) {
    case 404:
      return messages.notFound;
    case 405:
      return messages.methodNotAllowed;
    case 413:
      return messages.bodyTooLarge;
    case 415:
      return messages.unsupportedMediaType;
    case 429:
      return messages.rateLimited;
    default:
      return status >= 500 ? messages.internal : messages.malformedRequest;
  }
}

const trpcCodes: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

/** An AppError as the TRPCError carrying the same status, so tRPC answers with that status. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({
    code: trpcCodes[error.status] ?? "INTERNAL_SERVER_ERROR",
    message: error.message,
    cause: error,
  });
}
