/**
 * The typed error every domain function throws. One formatter per door (tRPC, REST) turns it into
 * the status codes and bodies of api-conventions.md; nothing else decides a status.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  NEW_PASSWORD_REQUIRED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  BAD_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type AppErrorCode = keyof typeof errorStatus;

export interface ErrorIssue {
  path: string;
  message: string;
}

export interface AppErrorExtras {
  issues?: ErrorIssue[];
  /** Seconds until a rate-limited caller may try again (Retry-After). */
  retryAfter?: number;
  /** The login form shows its "Forgot your password?" link only when this is true. */
  showForgotPassword?: boolean;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly extras: AppErrorExtras;

  constructor(code: AppErrorCode, message: string, extras: AppErrorExtras = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.extras = extras;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** Whether a Postgres error with one of `codes` is in `error`'s chain, whichever driver wrapped it. */
function hasPgCode(error: unknown, codes: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && codes.includes(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Postgres unique violation, whichever driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  return hasPgCode(error, ["23505"]);
}

/**
 * Two transactions that crossed (a deadlock the server broke by ending one, or a serialization
 * failure): nothing of the ended one was written, and the same request again succeeds. A
 * conflict of the moment, answered as one (409), not as the server's fault.
 */
export function isConcurrencyConflict(error: unknown): boolean {
  return hasPgCode(error, ["40P01", "40001"]);
}
