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

/** Postgres unique violation, whichever driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
