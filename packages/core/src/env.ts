/**
 * The server's configuration, read from the environment in one place and checked with zod.
 * Every other module receives it as a plain object. Settings that guard accounts fail closed:
 * a deploy that forgets one gets a refusal to start, never a quietly open server.
 */
import * as z from "zod";

const rateRule = z
  .string()
  .regex(/^\d+\/\d+$/, "expected COUNT/SECONDS, e.g. 10/900")
  .transform((value) => {
    const [limit, seconds] = value.split("/").map(Number) as [number, number];
    return { limit, windowMs: seconds * 1000 };
  });

export type RateRule = { limit: number; windowMs: number };

/**
 * Where the client address comes from (docs/decisions/006-account-security.md):
 * - `none`: the connection's own address (the local server's socket, Lambda's sourceIp);
 * - `cloudfront`: the `CloudFront-Viewer-Address` header, which CloudFront writes itself;
 * - `{ hops: N }`: the Nth X-Forwarded-For entry counted from the right, that is the address
 *   the Nth trusted proxy appended. Entries further left are written by the client.
 */
export type ProxyTrust = { kind: "none" } | { kind: "cloudfront" } | { kind: "hops"; hops: number };

const proxyTrust = z
  .string()
  .default("false")
  .transform((value, ctx): ProxyTrust => {
    if (value === "false" || value === "") return { kind: "none" };
    if (value === "cloudfront") return { kind: "cloudfront" };
    if (/^[1-9]$/.test(value)) return { kind: "hops", hops: Number(value) };
    ctx.addIssue({
      code: "custom",
      message:
        'expected "false", "cloudfront" or the number of trusted proxies (1-9) in front of the app; "true" is not accepted because it does not say which X-Forwarded-For entry to trust',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The local server's listening address: loopback unless told otherwise. */
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().optional(),
  /** Neon's direct (unpooled) URL: the deploy's migration step only. */
  DATABASE_DIRECT_URL: z.string().optional(),
  /**
   * A plain WebSocket-to-TCP proxy on this machine in front of a local PostgreSQL, for Neon's
   * driver without TLS (`pnpm smoke:lambda` runs the bundles this way). Loopback only: it turns
   * off the driver's encryption.
   */
  DATABASE_WS_PROXY: z
    .string()
    .regex(/^(127\.0\.0\.1|localhost):\d{1,5}$/, "DATABASE_WS_PROXY must be a loopback host:port")
    .optional(),
  /** `ses` sends real mail; `sandbox` keeps it in the dev mailbox; unset means sandbox only locally. */
  MAIL_TRANSPORT: z.enum(["ses", "sandbox"]).optional(),
  MAIL_FROM: z.string().default("Circleplan <no-reply@circleplan.app>"),
  /** The S3 bucket for photos and attachments (sst.config.ts sets it); unset: DATA_DIR/objects. */
  PHOTO_BUCKET: z.string().min(1).optional(),
  /** On Lambda: the function that delivers mail after an answer (sst.config.ts sets it). */
  MAIL_DELIVERY_FUNCTION: z.string().min(1).optional(),
  AWS_REGION: z.string().optional(),
  /** Keys the hashes of reset codes; at least 32 characters. Local runs generate one. */
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  TRUST_PROXY: proxyTrust,
  /**
   * The secret the CDN adds to every request it forwards (the Router's viewer-request code):
   * a request without it did not come through the CDN. Required with TRUST_PROXY=cloudfront.
   */
  ORIGIN_SECRET: z.string().min(32, "ORIGIN_SECRET must be at least 32 characters").optional(),
  /** Web Push (VAPID) keys, base64url; local runs generate a pair in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who push services can reach about our messages: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must be a mailto: or https: address")
    .default("mailto:support@circleplan.app"),
  RATE_LIMIT_PASSWORD_CHANGE: rateRule.prefault("10/900"),
  RATE_LIMIT_LOGIN_IP: rateRule.prefault("50/900"),
  RATE_LIMIT_REGISTER_IP: rateRule.prefault("10/3600"),
  RATE_LIMIT_CODE_ACCOUNT: rateRule.prefault("5/3600"),
  RATE_LIMIT_CODE_IP: rateRule.prefault("20/3600"),
  RATE_LIMIT_EMAIL_CHANGE: rateRule.prefault("5/3600"),
  /** Invitations, each one counted: per circle a day, and per inviter a day across circles. */
  RATE_LIMIT_INVITE_CIRCLE: rateRule.prefault("50/86400"),
  RATE_LIMIT_INVITE_USER: rateRule.prefault("100/86400"),
  /** Plans one user creates, one-off or repeating (docs/decisions/016-bounded-work.md). */
  RATE_LIMIT_PLAN_CREATE: rateRule.prefault("100/3600"),
  /** Calendar feed links one user makes, and fetches of one feed (docs/decisions/026). */
  RATE_LIMIT_FEED_CREATE: rateRule.prefault("20/3600"),
  RATE_LIMIT_FEED_READ: rateRule.prefault("60/3600"),
  /**
   * Live sync on AWS IoT Core (docs/decisions/018-live-sync.md; sst.config.ts sets them): the
   * topics' prefix (`app/stage`), the account's data endpoint (a host name) and the custom
   * authorizer's name. The authorizer function needs only the prefix.
   */
  LIVE_TOPIC_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
      "LIVE_TOPIC_PREFIX must be topic levels like app/stage",
    )
    .optional(),
  LIVE_IOT_ENDPOINT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, "LIVE_IOT_ENDPOINT must be the IoT data endpoint's host name")
    .optional(),
  LIVE_IOT_AUTHORIZER: z.string().min(1).optional(),
});

export interface Config {
  appUrl: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseDirectUrl: string | undefined;
  databaseWsProxy: string | undefined;
  /** No real mail: mail stays in the outbox (dev mailbox) and answers carry dev secrets. */
  sandbox: boolean;
  mailFrom: string;
  mailDeliveryFunction: string | undefined;
  photoBucket: string | undefined;
  awsRegion: string | undefined;
  appSecret: string | undefined;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  proxyTrust: ProxyTrust;
  /** Behind CloudFront: what its requests carry, so a direct call to the function is refused. */
  originSecret: string | undefined;
  /** Cookies get the Secure flag and the __Host- prefix whenever the app is served over https. */
  secureCookies: boolean;
  rateLimits: {
    /** Password checks of a signed-in user changing their password. */
    passwordChange: RateRule;
    loginPerIp: RateRule;
    registerPerIp: RateRule;
    codePerAccount: RateRule;
    codePerIp: RateRule;
    emailChange: RateRule;
    /** Invitations made for one circle (each email of a batch counts). */
    invitePerCircle: RateRule;
    /** Invitations one user makes, whatever the circle: mail to strangers costs reputation. */
    invitePerUser: RateRule;
    /** Plans one user creates, whatever the circle. */
    planCreate: RateRule;
    /** Calendar feed links one user makes. */
    feedCreate: RateRule;
    /** Fetches of one calendar feed (each request, a 304 included). */
    feedRead: RateRule;
  };
  /** Live sync on AWS IoT Core; unset on the local server (its own WebSocket). */
  live: {
    topicPrefix: string | undefined;
    iot: { endpoint: string; authorizer: string } | undefined;
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const parsed = result.data;
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, "");
  const secure = appUrl.startsWith("https://");
  const databaseUrl = parsed.DATABASE_URL || undefined;
  return {
    appUrl,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl,
    databaseDirectUrl: parsed.DATABASE_DIRECT_URL || undefined,
    databaseWsProxy: parsed.DATABASE_WS_PROXY,
    sandbox: resolveSandbox(parsed.MAIL_TRANSPORT, { secure, databaseUrl }),
    mailFrom: parsed.MAIL_FROM,
    mailDeliveryFunction: parsed.MAIL_DELIVERY_FUNCTION,
    photoBucket: parsed.PHOTO_BUCKET,
    awsRegion: parsed.AWS_REGION,
    appSecret: parsed.APP_SECRET,
    vapid: {
      publicKey: parsed.VAPID_PUBLIC_KEY,
      privateKey: parsed.VAPID_PRIVATE_KEY,
      subject: parsed.VAPID_SUBJECT,
    },
    proxyTrust: parsed.TRUST_PROXY,
    originSecret: requireOriginSecret(parsed.TRUST_PROXY, parsed.ORIGIN_SECRET),
    secureCookies: secure,
    rateLimits: {
      passwordChange: parsed.RATE_LIMIT_PASSWORD_CHANGE,
      loginPerIp: parsed.RATE_LIMIT_LOGIN_IP,
      registerPerIp: parsed.RATE_LIMIT_REGISTER_IP,
      codePerAccount: parsed.RATE_LIMIT_CODE_ACCOUNT,
      codePerIp: parsed.RATE_LIMIT_CODE_IP,
      emailChange: parsed.RATE_LIMIT_EMAIL_CHANGE,
      invitePerCircle: parsed.RATE_LIMIT_INVITE_CIRCLE,
      invitePerUser: parsed.RATE_LIMIT_INVITE_USER,
      planCreate: parsed.RATE_LIMIT_PLAN_CREATE,
      feedCreate: parsed.RATE_LIMIT_FEED_CREATE,
      feedRead: parsed.RATE_LIMIT_FEED_READ,
    },
    live: liveSettings(parsed),
  };
}

/**
 * The IoT channel needs all three settings: a deploy that gives the endpoint without the prefix
 * or the authorizer refuses to start rather than publish where no browser may listen.
 */
function liveSettings(parsed: z.infer<typeof envSchema>): Config["live"] {
  const topicPrefix = parsed.LIVE_TOPIC_PREFIX;
  const endpoint = parsed.LIVE_IOT_ENDPOINT;
  const authorizer = parsed.LIVE_IOT_AUTHORIZER;
  if ((endpoint || authorizer) && !(endpoint && authorizer && topicPrefix)) {
    throw new ConfigError(
      "LIVE_IOT_ENDPOINT, LIVE_IOT_AUTHORIZER and LIVE_TOPIC_PREFIX go together: set all three for live sync on AWS IoT Core, or none.",
    );
  }
  return { topicPrefix, iot: endpoint && authorizer ? { endpoint, authorizer } : undefined };
}

/**
 * Sandbox mode hands out every account's codes, so it is on only where that is harmless: the
 * local default (plain http, embedded database), or where someone asked for it by name.
 */
function resolveSandbox(
  transport: "ses" | "sandbox" | undefined,
  where: { secure: boolean; databaseUrl: string | undefined },
): boolean {
  if (transport === "ses") return false;
  if (transport === "sandbox") return true;
  if (where.secure || where.databaseUrl) {
    throw new ConfigError(
      "MAIL_TRANSPORT is not set, and this is not a local run (APP_URL is https or DATABASE_URL is set). " +
        "Set MAIL_TRANSPORT=ses to send real mail, or MAIL_TRANSPORT=sandbox to keep mail in the dev mailbox on purpose.",
    );
  }
  return true;
}

/**
 * Trusting CloudFront's viewer header is safe only if nothing else can reach the app: the
 * function URL is public, so a request must also prove it came through CloudFront.
 */
function requireOriginSecret(trust: ProxyTrust, secret: string | undefined): string | undefined {
  if (trust.kind === "cloudfront" && !secret) {
    throw new ConfigError(
      "TRUST_PROXY=cloudfront needs ORIGIN_SECRET: without it anyone who calls the function URL directly can forge CloudFront-Viewer-Address.",
    );
  }
  return secret;
}
