/**
 * Counts the statements a database handle sends, for the tests that hold the scheduled job to a
 * fixed number of statements whatever the number of reminders, and for the bench that prints it.
 * It listens through drizzle's query logger, which both drivers call for every statement
 * (transactions open with their own sessions, which take the logger from the same options).
 * Transaction control (begin, commit, savepoints) is not counted: only one driver logs it.
 */
import type { Db } from "@circleplan/db/client";

interface LoggedSession {
  logger: { logQuery(query: string, params: unknown[]): void };
  options?: { logger?: LoggedSession["logger"] };
}

export interface StatementCount {
  readonly count: number;
  /** The statements seen, when asked to keep them. */
  readonly statements: string[];
  reset(): void;
  stop(): void;
}

export function countStatements(db: Db, options: { keep?: boolean } = {}): StatementCount {
  const session = (db as unknown as { session: LoggedSession }).session;
  const previous = { logger: session.logger, options: session.options?.logger };
  let count = 0;
  const statements: string[] = [];
  const logger = {
    logQuery(query: string, params: unknown[]) {
      previous.logger.logQuery(query, params);
      if (/^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i.test(query)) return;
      count++;
      if (options.keep) statements.push(query);
    },
  };
  session.logger = logger;
  session.options ??= {};
  session.options.logger = logger;
  return {
    get count() {
      return count;
    },
    statements,
    reset() {
      count = 0;
      statements.length = 0;
    },
    stop() {
      session.logger = previous.logger;
      if (session.options) session.options.logger = previous.options;
    },
  };
}
