/**
 * The server's configuration, read from the environment in one place and checked with zod.
 * Every other module receives it as a plain object.
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

const envSchema = z.object({
  APP_URL: z.url().optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().optional(),
  /** Set to send real mail through Amazon SES; absent means sandbox mode. */
  MAIL_TRANSPORT: z.enum(["ses"]).optional(),
  MAIL_FROM: z.string().default("Circleplan <no-reply@circleplan.app>"),
  AWS_REGION: z.string().optional(),
  /** Behind a proxy or API Gateway that sets X-Forwarded-For: trust its first address. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  RATE_LIMIT_LOGIN_ACCOUNT: rateRule.prefault("10/900"),
  RATE_LIMIT_LOGIN_IP: rateRule.prefault("50/900"),
  RATE_LIMIT_REGISTER_IP: rateRule.prefault("10/3600"),
  RATE_LIMIT_CODE_ACCOUNT: rateRule.prefault("5/3600"),
  RATE_LIMIT_CODE_IP: rateRule.prefault("20/3600"),
});

export interface Config {
  appUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** No mail transport configured: mail stays in the outbox and answers carry dev secrets. */
  sandbox: boolean;
  mailFrom: string;
  awsRegion: string | undefined;
  trustProxy: boolean;
  /** Cookies get the Secure flag whenever the app is served over https. */
  secureCookies: boolean;
  rateLimits: {
    loginPerAccount: RateRule;
    loginPerIp: RateRule;
    registerPerIp: RateRule;
    codePerAccount: RateRule;
    codePerIp: RateRule;
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.parse(env);
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, "");
  return {
    appUrl,
    port: parsed.PORT,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL || undefined,
    sandbox: parsed.MAIL_TRANSPORT === undefined,
    mailFrom: parsed.MAIL_FROM,
    awsRegion: parsed.AWS_REGION,
    trustProxy: parsed.TRUST_PROXY,
    secureCookies: appUrl.startsWith("https://"),
    rateLimits: {
      loginPerAccount: parsed.RATE_LIMIT_LOGIN_ACCOUNT,
      loginPerIp: parsed.RATE_LIMIT_LOGIN_IP,
      registerPerIp: parsed.RATE_LIMIT_REGISTER_IP,
      codePerAccount: parsed.RATE_LIMIT_CODE_ACCOUNT,
      codePerIp: parsed.RATE_LIMIT_CODE_IP,
    },
  };
}
