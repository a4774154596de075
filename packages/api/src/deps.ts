/** Builds the real dependencies from configuration: the servers' composition root. */
import { createSessionService } from "@circleplan/core/auth/sessions";
import { systemClock } from "@circleplan/core/clock";
import type { CoreDeps } from "@circleplan/core/deps";
import type { Config } from "@circleplan/core/env";
import { createMailService } from "@circleplan/core/mail/mail-service";
import { createSesTransport } from "@circleplan/core/mail/ses-transport";
import { createDb, type DbHandle } from "@circleplan/db/client";

export async function createAppDeps(
  config: Config,
  options: { migrate?: boolean } = {},
): Promise<CoreDeps & { close(): Promise<void> }> {
  const handle: DbHandle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: options.migrate,
  });
  return {
    db: handle.db,
    clock: systemClock,
    config,
    mail: createMailService(handle.db, {
      transport: config.sandbox ? undefined : createSesTransport({ region: config.awsRegion }),
      from: config.mailFrom,
    }),
    sessions: createSessionService(handle.db, { secureCookies: config.secureCookies }),
    close: () => handle.close(),
  };
}
