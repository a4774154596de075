/**
 * The composition root: the one place real dependencies are built from configuration. The
 * local server, the Lambda functions, the benchmarks and the test server all come through
 * here; what differs between them is passed in (a test database, a manual clock, a cheap
 * password cost, a mail transport pointed at a local endpoint).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  createPasswordHasher,
  PRODUCTION_COST,
  type ScryptCost,
} from "@circleplan/core/auth/password";
import { createSessionService } from "@circleplan/core/auth/sessions";
import { type Clock, systemClock } from "@circleplan/core/clock";
import type { CoreDeps } from "@circleplan/core/deps";
import { type Config, ConfigError } from "@circleplan/core/env";
import { createLive } from "@circleplan/core/live/announcements";
import { createIotPublisher } from "@circleplan/core/live/iot-publisher";
import {
  type LivePublisher,
  type LiveTransport,
  noLivePublisher,
} from "@circleplan/core/live/live-publisher";
import {
  createLocalLiveHub,
  LIVE_SOCKET_PATH,
  type LocalLiveHub,
} from "@circleplan/core/live/local-hub";
import { createLogger, type Logger } from "@circleplan/core/log";
import {
  createMailService,
  type DeliveryTrigger,
  type MailTransport,
} from "@circleplan/core/mail/mail-service";
import { createSesTransport } from "@circleplan/core/mail/ses-transport";
import {
  createWebPushService,
  generateVapidKeys,
  type PushService,
  type VapidKeys,
} from "@circleplan/core/push/push-service";
import { createLocalStorage } from "@circleplan/core/storage/local-storage";
import type { ObjectStorage } from "@circleplan/core/storage/object-storage";
import { createS3Storage } from "@circleplan/core/storage/s3-storage";
import { createDb, type DbHandle } from "@circleplan/db/client";

export interface AppDepsOptions {
  /** An open database (tests); otherwise one is opened from the configuration. */
  db?: DbHandle;
  migrate?: boolean;
  clock?: Clock;
  log?: Logger;
  /** Overrides SES (tests point one at a local endpoint). Only outside sandbox mode. */
  transport?: MailTransport;
  /** How mail leaves after an answer; Lambda injects one (see packages/functions). */
  deliveryTrigger?: DeliveryTrigger;
  /** Photos and attachments; tests pass a folder of their own. */
  storage?: ObjectStorage;
  /** scrypt cost; tests pass TEST_COST. */
  passwordCost?: ScryptCost;
  secretKey?: string;
  /** Web Push; tests pass one that reaches their local push endpoint. */
  push?: PushService;
  /** Database connections to keep (a Lambda container serves one request at a time). */
  poolSize?: number;
  /**
   * Live sync through this process's own WebSocket (the local server, tests). Otherwise AWS IoT
   * Core when configured, else no channel (browsers check `live.version`).
   */
  liveSockets?: boolean;
}

export type AppDeps = CoreDeps & {
  /** The local channel's hub, when `liveSockets` asked for one: the socket door joins it. */
  liveHub: LocalLiveHub | undefined;
  close(): Promise<void>;
};

export async function createAppDeps(
  config: Config,
  options: AppDepsOptions = {},
): Promise<AppDeps> {
  if (config.sandbox && options.transport) {
    throw new ConfigError("A mail transport was given in sandbox mode: sandbox mail never leaves.");
  }
  const log = options.log ?? createLogger();
  const secretKey = options.secretKey ?? resolveSecretKey(config);
  const handle =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      neonWsProxy: config.databaseWsProxy,
      dataDir: config.dataDir,
      migrate: options.migrate,
      poolSize: options.poolSize,
      // What the pool survived is worth a line: many of them mean the network, not the app.
      onConnectionEvent: (event, error) => log.warn(event, { reason: error.message }),
    }));
  const transport = config.sandbox
    ? undefined
    : (options.transport ?? createSesTransport({ region: config.awsRegion }));
  const mail = createMailService(handle.db, {
    transport,
    from: config.mailFrom,
    trigger: options.deliveryTrigger,
    onError: (error) => log.error("mail.delivery_failed", error),
  });
  const liveHub = options.liveSockets ? createLocalLiveHub() : undefined;
  const live = createLive({ log, db: handle.db, ...liveChannel(config, liveHub) });
  return {
    // Its transactions hold what they announce until they commit (live/announcements.ts).
    db: live.tracked(handle.db),
    live,
    liveHub,
    clock: options.clock ?? systemClock,
    config,
    mail,
    log,
    secretKey,
    passwords: createPasswordHasher(options.passwordCost ?? PRODUCTION_COST),
    storage:
      options.storage ??
      (config.photoBucket
        ? createS3Storage({ bucket: config.photoBucket, region: config.awsRegion })
        : createLocalStorage(path.resolve(config.dataDir, "objects"))),
    sessions: createSessionService(handle.db, { secureCookies: config.secureCookies }),
    push: options.push ?? createWebPushService(resolveVapidKeys(config)),
    async close() {
      await mail.idle();
      // A database handed in belongs to whoever opened it.
      if (!options.db) await handle.close();
    },
  };
}

/** AWS IoT Core when configured; else this process's hub when it has one; else nothing. */
function liveChannel(
  config: Config,
  hub: LocalLiveHub | undefined,
): { publisher: LivePublisher; transport: LiveTransport } {
  const { iot, topicPrefix } = config.live;
  if (iot && topicPrefix) {
    return {
      publisher: createIotPublisher({
        endpoint: `https://${iot.endpoint}`,
        topicPrefix,
        region: config.awsRegion,
      }),
      transport: { kind: "mqtt", endpoint: iot.endpoint, authorizer: iot.authorizer, topicPrefix },
    };
  }
  if (hub) {
    const url = `${config.appUrl.replace(/^http/, "ws")}${LIVE_SOCKET_PATH}`;
    return { publisher: hub, transport: { kind: "websocket", url } };
  }
  return { publisher: noLivePublisher, transport: { kind: "none" } };
}

/**
 * APP_SECRET when set. A local run (embedded database) without it keeps a random key in its
 * data folder, so the README's first command needs no setup; anywhere else a missing key is
 * a refusal to start, never a key made up per process (codes would fail on another instance).
 */
function resolveSecretKey(config: Config): string {
  if (config.appSecret) return config.appSecret;
  if (config.databaseUrl || config.secureCookies) {
    throw new ConfigError(
      "APP_SECRET is not set: give the server a random secret of 32+ characters.",
    );
  }
  // An in-memory database lives as long as the process: so may its key.
  if (config.dataDir.startsWith("memory://")) return randomBytes(32).toString("base64url");
  const file = path.resolve(config.dataDir, "app-secret");
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // "wx" fails when the file exists: a key made earlier, or by a process racing this one.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The VAPID keys: from the environment when set (both halves, or neither). A local run
 * (embedded database) without them keeps a pair in its data folder, as it keeps its secret; a
 * deployment without them refuses to start rather than make a pair per process (every device
 * would have to subscribe again on each cold start).
 */
function resolveVapidKeys(config: Config): VapidKeys {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey || config.databaseUrl || config.secureCookies) {
    throw new ConfigError(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not both set: generate a pair with `npx web-push generate-vapid-keys`.",
    );
  }
  if (config.dataDir.startsWith("memory://")) return { ...generateVapidKeys(), subject };
  const file = path.resolve(config.dataDir, "vapid-keys.json");
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}
