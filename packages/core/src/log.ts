/**
 * One structured logger: a JSON object per line, so CloudWatch and `jq` read it alike. Fields
 * whose names suggest a secret are dropped before writing, whatever a caller passes in: a log
 * line never holds a password, hash, token, code or cookie.
 */

export type SecurityEvent =
  | "login.succeeded"
  | "login.failed"
  | "login.throttled"
  | "password.reset_requested"
  | "password.reset_used"
  | "password.reset_failed"
  | "password.changed"
  | "email.change_requested"
  | "email.changed"
  | "email.verified"
  | "session.ended"
  | "sessions.ended_others"
  | "account.delete_failed"
  | "account.delete_throttled"
  | "account.deleted";

export interface LogFields {
  requestId?: string | undefined;
  userId?: number | null | undefined;
  ip?: string | undefined;
  [key: string]: unknown;
}

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  /** An unexpected failure: logged here once, with its stack, never in an answer. */
  error(event: string, error: unknown, fields?: LogFields): void;
  /** Account security events (docs/decisions/006-account-security.md). */
  security(event: SecurityEvent, fields: LogFields): void;
}

const SECRET_FIELD = /pass|hash|token|secret|otp|code|cookie|authorization/i;

function clean(fields: LogFields | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (SECRET_FIELD.test(key) || value === undefined) continue;
    out[key] = typeof value === "string" ? value.slice(0, 500) : value;
  }
  return out;
}

function describe(error: unknown): Record<string, unknown> {
  // A failed query's message quotes its SQL and its parameters, password hashes among them:
  // log the driver's own error (message, Postgres code) instead.
  const failedQuery = error instanceof Error && "params" in error && error.cause instanceof Error;
  const shown = failedQuery ? (error.cause as Error) : error;
  if (shown instanceof Error) {
    const code = (shown as { code?: unknown }).code;
    return {
      name: failedQuery ? `${(error as Error).name}: ${shown.name}` : shown.name,
      message: shown.message.slice(0, 1000),
      ...(typeof code === "string" ? { pgCode: code } : {}),
      stack: shown.stack,
    };
  }
  return { message: String(error).slice(0, 1000) };
}

export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (level: string, event: string, fields: Record<string, unknown>) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
  return {
    info: (event, fields) => emit("info", event, clean(fields)),
    warn: (event, fields) => emit("warn", event, clean(fields)),
    error: (event, error, fields) =>
      emit("error", event, { ...clean(fields), error: describe(error) }),
    security: (event, fields) => emit("info", event, { kind: "security", ...clean(fields) }),
  };
}

/** A logger that keeps its lines, for tests that assert what was (and was not) logged. */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger((line) => lines.push(JSON.parse(line)));
  return Object.assign(logger, { lines });
}
