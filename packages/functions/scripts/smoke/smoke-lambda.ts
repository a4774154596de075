/**
 * `pnpm smoke:lambda` (started by scripts/smoke-lambda.mjs, which brings the Node binary):
 * what runs in production, run here. Every function of src/bundles.ts is built as SST builds
 * it, and each runs in a container of the Node version Lambda runs, with the environment and
 * linked secrets sst.config.ts gives it, against a real PostgreSQL through Neon's driver over
 * WebSocket (a local proxy), an S3-compatible server and stand-ins for SES and Lambda's Invoke.
 * The events are the ones AWS sends: Function URL requests, the schedule's, an asynchronous
 * invoke, an SNS delivery.
 *
 * Prints one line per check and, last, one JSON line `{"passed":N,"failed":N,"ms":N}`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { signLiveToken } from "@circleplan/core/live/live-token";
import { sesBounce } from "@circleplan/core/mail/testing/ses-events";
import { samplePhoto } from "@circleplan/core/photos/testing/sample-photos";
import { generateVapidKeys } from "@circleplan/core/push/push-service";
import { startS3TestServer } from "@circleplan/core/storage/testing/s3-test-server";
import { createDb } from "@circleplan/db/client";
import { buildRegistration, createPlan } from "@circleplan/db/testing/factories";
import { createServerDatabase } from "@circleplan/db/testing/server-db";
import { startWsProxy } from "@circleplan/db/testing/ws-proxy";
import { ORIGIN_SECRET_HEADER } from "../../../api/src/origin-secret";
import { LAMBDA_RUNTIME, type LambdaBundle, lambdaBundles } from "../../src/bundles";
import {
  type FunctionUrlRequest,
  functionUrlEvent,
  iotConnectEvent,
  snsEvent,
} from "../../src/testing/lambda-events";
import { startFakeAws } from "./fake-aws";
import { LambdaContainer } from "./lambda-container";
import { buildAsSst } from "./sst-build";

const { values } = parseArgs({
  options: { "pg-url": { type: "string" }, node: { type: "string" } },
});
const pgUrl = values["pg-url"];
const node = values.node ?? process.execPath;
if (!pgUrl) throw new Error("--pg-url postgres://… is required");

const started = performance.now();
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const workDir = mkdtempSync(path.join(os.tmpdir(), "circleplan-smoke-"));
const APP_URL = "https://smoke.circleplan.test";
const ORIGIN_SECRET = "smoke-origin-secret-smoke-origin-secret-0123";
const APP_SECRET = "smoke-app-secret-smoke-app-secret-smoke-01";
const LIVE_TOPIC_PREFIX = "circleplan/smoke";
const results: { name: string; ok: boolean; ms: number }[] = [];
const containers = new Map<keyof typeof lambdaBundles, LambdaContainer>();
const cleanups: (() => Promise<void> | void)[] = [];

/** A check: its line, and on failure what the functions logged. Later checks still run. */
async function check(name: string, work: () => Promise<string | undefined>) {
  const at = performance.now();
  try {
    const note = await work();
    const ms = performance.now() - at;
    results.push({ name, ok: true, ms });
    console.log(`  ✓ ${name} (${ms.toFixed(0)} ms)${note ? `: ${note}` : ""}`);
  } catch (error) {
    const ms = performance.now() - at;
    results.push({ name, ok: false, ms });
    console.log(
      `  ✗ ${name} (${ms.toFixed(0)} ms)\n    ${String(error).split("\n").join("\n    ")}`,
    );
    for (const [fn, container] of containers) {
      const log = container.log().trim();
      if (log)
        console.log(`    --- ${fn} wrote:\n    ${log.split("\n").slice(-20).join("\n    ")}`);
    }
  }
}

function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

try {
  // The infrastructure: PostgreSQL through the WebSocket proxy, S3, SES and Lambda's Invoke.
  const admin = new URL(pgUrl);
  const proxy = await startWsProxy(`${admin.hostname}:${admin.port || "5432"}`);
  cleanups.push(() => proxy.close());
  const s3 = await startS3TestServer("circleplan-smoke-photos");
  cleanups.push(() => s3.close());
  const aws = await startFakeAws();
  cleanups.push(() => aws.close());
  const database = await createServerDatabase({
    adminUrl: pgUrl,
    neonWsProxy: proxy.address,
    prefix: "circleplan_smoke",
  });
  cleanups.push(() => database.drop());
  const databaseUrl = database.url;

  // Secrets as SST links them, and what sst.config.ts puts in each function's environment.
  const vapid = generateVapidKeys();
  const linked = (name: string, value: string) => [
    `SST_RESOURCE_${name}`,
    JSON.stringify({ type: "sst.sst.Secret", value }),
  ];
  const serverSecrets = Object.fromEntries([
    ["SST_RESOURCE_App", JSON.stringify({ name: "circleplan", stage: "smoke" })],
    linked("DatabaseUrl", databaseUrl),
    linked("AppSecret", APP_SECRET),
    linked("VapidPublicKey", vapid.publicKey),
    linked("VapidPrivateKey", vapid.privateKey),
  ]);
  const lambdaRuntime = (name: string, dir: string) => ({
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    TZ: "UTC",
    LAMBDA_TASK_ROOT: dir,
    AWS_LAMBDA_FUNCTION_NAME: `circleplan-smoke-${name}`,
    AWS_REGION: "us-east-1",
    // What Lambda's role gives the SDK; the S3 server knows only its own pair.
    AWS_ACCESS_KEY_ID: s3.options.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.options.credentials.secretAccessKey,
    AWS_ENDPOINT_URL_SESV2: aws.endpoint,
    AWS_ENDPOINT_URL_LAMBDA: aws.endpoint,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    // The one setting Lambda never has: Neon's driver speaks plain WebSocket to the proxy.
    DATABASE_WS_PROXY: proxy.address,
  });
  const serverEnvironment = {
    PHOTO_BUCKET: "circleplan-smoke-photos",
    APP_URL,
    MAIL_FROM: "Circleplan <no-reply@smoke.circleplan.test>",
    MAIL_TRANSPORT: "ses",
  };
  const environments: Record<keyof typeof lambdaBundles, Record<string, string>> = {
    migrate: Object.fromEntries([
      ["SST_RESOURCE_App", serverSecrets.SST_RESOURCE_App as string],
      linked("DatabaseDirectUrl", databaseUrl),
    ]),
    api: {
      ...serverSecrets,
      ...serverEnvironment,
      ...Object.fromEntries([linked("OriginSecret", ORIGIN_SECRET)]),
      MAIL_DELIVERY_FUNCTION: "circleplan-smoke-MailDelivery",
      TRUST_PROXY: "cloudfront",
    },
    mailDelivery: { ...serverSecrets, ...serverEnvironment },
    mailEvents: { ...serverSecrets, ...serverEnvironment },
    reminderDigest: { ...serverSecrets, ...serverEnvironment },
    maintenance: { ...serverSecrets, ...serverEnvironment },
    // The app's secret alone: it checks a signature and reads no database.
    liveAuthorizer: Object.fromEntries([
      ["SST_RESOURCE_App", serverSecrets.SST_RESOURCE_App as string],
      linked("AppSecret", APP_SECRET),
      ["LIVE_TOPIC_PREFIX", LIVE_TOPIC_PREFIX],
    ]),
  };

  await check(`build ${Object.keys(lambdaBundles).length} functions as SST does`, async () => {
    const sizes: string[] = [];
    for (const [name, bundle] of Object.entries(lambdaBundles) as [
      keyof typeof lambdaBundles,
      LambdaBundle,
    ][]) {
      const pkg = await buildAsSst({
        bundle,
        runtime: LAMBDA_RUNTIME,
        repoRoot,
        outDir: path.join(workDir, name),
      });
      containers.set(
        name,
        new LambdaContainer(pkg, {
          node,
          env: { ...lambdaRuntime(name, pkg.dir), ...environments[name] },
        }),
      );
      sizes.push(name);
    }
    return sizes.join(", ");
  });
  const invoke = async (name: keyof typeof lambdaBundles, event: unknown, timeoutMs?: number) => {
    const container = containers.get(name);
    expectThat(container, `${name} was not built`);
    const invocation = await container.invoke(event, timeoutMs);
    expectThat(
      invocation.node.startsWith(`v${LAMBDA_RUNTIME.match(/\d+/)?.[0]}.`),
      `ran on ${invocation.node}`,
    );
    return invocation;
  };
  /** What CloudFront adds on its way to the function URL. */
  const throughCloudFront = {
    [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET,
    "cloudfront-viewer-address": "198.51.100.7:51234",
  };
  const api = async (
    method: string,
    rawPath: string,
    request: Omit<FunctionUrlRequest, "origin"> = {},
  ) => {
    const { result } = await invoke(
      "api",
      functionUrlEvent(method, rawPath, {
        origin: APP_URL,
        ...request,
        headers: { ...throughCloudFront, ...request.headers },
      }),
    );
    const answer = result as {
      statusCode: number;
      body?: string;
      headers?: Record<string, string>;
      cookies?: string[];
      isBase64Encoded?: boolean;
    };
    let json: Record<string, unknown> | null = null;
    try {
      json = answer.isBase64Encoded ? null : JSON.parse(answer.body || "null");
    } catch {}
    return { ...answer, json };
  };

  await check("Migrate: migrations and database settings through the direct URL", async () => {
    const { result, ms } = await invoke("migrate", {}, 300_000);
    expectThat((result as { migrated?: boolean }).migrated === true, JSON.stringify(result));
    return `${ms.toFixed(0)} ms with its cold start`;
  });

  const person = buildRegistration();
  let cookie = "";
  await check("Api (Function URL): a request that skipped CloudFront is refused", async () => {
    const { result } = await invoke(
      "api",
      // Straight to the function URL, with a viewer address of the caller's choosing.
      functionUrlEvent("GET", "/api/auth/user", {
        origin: APP_URL,
        headers: { "cloudfront-viewer-address": "203.0.113.99:443" },
      }),
    );
    const status = (result as { statusCode: number }).statusCode;
    expectThat(status === 403, `answered ${status}`);
  });

  await check("Api (Function URL): register, and mail handed to MailDelivery", async () => {
    const registered = await api("POST", "/api/auth/register", { body: person });
    expectThat(registered.statusCode === 201, `register answered ${registered.statusCode}`);
    const handedOver = aws.invocations();
    expectThat(
      handedOver.some(
        (r) =>
          r.path.includes("circleplan-smoke-MailDelivery") &&
          r.headers["x-amz-invocation-type"] === "Event",
      ),
      `no asynchronous Invoke of MailDelivery (${handedOver.length} requests)`,
    );
  });

  await check("MailDelivery (asynchronous invoke): the outbox leaves through SES", async () => {
    await invoke("mailDelivery", {});
    const mail = aws.mails().find((m) => m.to.includes(person.email.toLowerCase()));
    expectThat(mail, `SES received ${aws.mails().length} mails, none to ${person.email}`);
    const token = /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    expectThat(token, "the verification mail holds no link");
    const verified = await api("POST", "/api/auth/verify-email", { body: { token } });
    expectThat(verified.statusCode === 200, `verify-email answered ${verified.statusCode}`);
  });

  await check("Api (Function URL): login and a circle read", async () => {
    const login = await api("POST", "/api/auth/login", {
      body: { email: person.email, password: person.password },
    });
    expectThat(login.statusCode === 200, `login answered ${login.statusCode}`);
    const session = (login.cookies ?? []).find((c) => c.startsWith("__Host-circleplan_session="));
    expectThat(session?.includes("Secure"), "no __Host- session cookie");
    cookie = session?.split(";")[0] as string;
    const circles = await api("GET", "/api/circles", { cookies: [cookie] });
    expectThat(circles.statusCode === 200, `GET /api/circles answered ${circles.statusCode}`);
    const list = (circles.json as unknown as unknown[]) ?? [];
    expectThat(Array.isArray(list) && list.length >= 1, "no circle (the personal one)");
  });

  await check(
    "Api (Function URL): a photo through sharp's Linux binary into S3, and back",
    async () => {
      const form = new FormData();
      form.append("photo", new File([await samplePhoto()], "me.jpg", { type: "image/jpeg" }));
      const encoded = new Response(form);
      const upload = await api("POST", "/api/user/photo", {
        cookies: [cookie],
        rawBody: {
          contentType: encoded.headers.get("content-type") as string,
          base64: Buffer.from(await encoded.arrayBuffer()).toString("base64"),
        },
      });
      expectThat(upload.statusCode === 200, `photo upload answered ${upload.statusCode}`);
      const photoUrl = (upload.json as { photoUrl?: string }).photoUrl;
      expectThat(photoUrl, "no photoUrl");
      const image = await api("GET", photoUrl, { cookies: [cookie] });
      let bytes: Buffer;
      if (image.statusCode >= 300 && image.statusCode < 400) {
        // Served by a presigned S3 address: follow it to the S3 server.
        const location = image.headers?.location ?? image.headers?.Location;
        expectThat(location, `${image.statusCode} without a Location`);
        bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
      } else {
        expectThat(image.statusCode === 200, `photo read answered ${image.statusCode}`);
        bytes = Buffer.from(image.body ?? "", image.isBase64Encoded ? "base64" : "utf8");
      }
      expectThat(bytes.subarray(8, 12).toString() === "WEBP", "the stored photo is not WebP");
    },
  );

  await check("ReminderDigest (the schedule's event): a due reminder is mailed", async () => {
    // The plan is written straight to the database: its reminder falls due in two minutes.
    const me = await api("GET", "/api/auth/user", { cookies: [cookie] });
    const circles = await api("GET", "/api/circles", { cookies: [cookie] });
    const personal = (circles.json as unknown as { id: number; type: string }[]).find(
      (circle) => circle.type === "personal",
    );
    const userId = (me.json as { id?: number }).id;
    expectThat(userId && personal, "the user or their personal circle is missing");
    const app = await createDb({ databaseUrl, neonWsProxy: proxy.address, poolSize: 1 });
    try {
      await createPlan(
        { db: app.db },
        {
          circleId: personal.id,
          creatorId: userId,
          title: "Smoke dentist",
          startsAt: new Date(Date.now() + 58 * 60 * 1000),
          reminderTimes: ["1 hour before"],
        },
      );
    } finally {
      await app.close();
    }
    const before = aws.mails().length;
    const { result } = await invoke("reminderDigest", {}, 240_000);
    const report = result as { failed: string[]; reminders: { claimed: number } | null };
    expectThat(report.failed.length === 0, `steps failed: ${report.failed.join(", ")}`);
    expectThat(report.reminders?.claimed === 1, `claimed ${report.reminders?.claimed}`);
    expectThat(aws.mails().length > before, "no reminder mail reached SES");
  });

  await check("LiveAuthorizer (IoT's event): the user's token, and a forged one", async () => {
    const me = await api("GET", "/api/auth/user", { cookies: [cookie] });
    const userId = (me.json as { id?: number }).id;
    expectThat(userId, "no signed-in user");
    const token = signLiveToken(APP_SECRET, userId, new Date(Date.now() + 60 * 60 * 1000));
    const connecting = (password: string) =>
      iotConnectEvent({ password, clientId: `circleplan-smoke-u${userId}-1` });
    const { result } = await invoke("liveAuthorizer", connecting(token));
    const allowed = result as { isAuthenticated: boolean; policyDocuments: unknown[] };
    expectThat(allowed.isAuthenticated, JSON.stringify(result));
    const policy = JSON.stringify(allowed.policyDocuments);
    expectThat(policy.includes(`topic/${LIVE_TOPIC_PREFIX}/user/${userId}"`), policy);
    const { result: forged } = await invoke("liveAuthorizer", connecting(`${token.slice(0, -1)}x`));
    expectThat(!(forged as { isAuthenticated: boolean }).isAuthenticated, JSON.stringify(forged));
  });

  await check("MailEvents (an SNS delivery): a bounce stops further mail", async () => {
    const { result } = await invoke("mailEvents", snsEvent([sesBounce(person.email)]));
    expectThat((result as { suppressed: number }).suppressed === 1, JSON.stringify(result));
    const before = aws.mails().length;
    await api("POST", "/api/auth/forgot-password", { body: { email: person.email } });
    const { result: flushed } = await invoke("mailDelivery", {});
    expectThat(aws.mails().length === before, `mail still reached SES: ${JSON.stringify(flushed)}`);
  });

  await check("Maintenance (the hourly schedule): stored objects without rows", async () => {
    const { result } = await invoke("maintenance", {}, 300_000);
    expectThat((result as { garbage?: unknown }).garbage, JSON.stringify(result));
  });
} finally {
  for (const container of containers.values()) container.stop();
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.log(`  (cleanup: ${String(error)})`);
    }
  }
  rmSync(workDir, { recursive: true, force: true });
}

const passed = results.filter((r) => r.ok).length;
console.log(
  JSON.stringify({
    passed,
    failed: results.length - passed,
    ms: Math.round(performance.now() - started),
  }),
);
