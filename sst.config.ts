/// <reference path="./.sst/platform/config.d.ts" />

// Deployment on AWS with SST. One CloudFront Router is the single origin the app is
// designed for: the static front end at `/` and the API function at `/api`, so session
// cookies and the tRPC client need no CORS. Application code never reads these
// resources at import time; the Lambda entry points pass plain environment variables
// to the same createAppDeps() the local server uses.
export default $config({
  app(input) {
    return {
      name: "circleplan",
      home: "aws",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: input?.stage === "production",
    };
  },
  async run() {
    const { securityHeaderValues } = await import("./packages/api/src/security-headers");
    const databaseUrl = new sst.Secret("DatabaseUrl");
    // Keys the hashes of reset codes: `sst secret set AppSecret "$(openssl rand -base64 32)"`.
    const appSecret = new sst.Secret("AppSecret");
    // Web Push keys (`npx web-push generate-vapid-keys`): one pair for the life of the app, or
    // every device must allow notifications again.
    const vapidPublicKey = new sst.Secret("VapidPublicKey");
    const vapidPrivateKey = new sst.Secret("VapidPrivateKey");
    // The static site's answers get the same security headers the API sets itself (CSP with
    // no inline script, frame-ancestors, nosniff, Referrer-Policy), plus HSTS.
    // The photo bucket's name is fixed here (not generated) so the CSP can name its origin
    // without the Router depending on the bucket, which itself allows the Router's origin.
    const account = aws.getCallerIdentityOutput({});
    const region = aws.getRegionOutput({});
    const photoBucketName = $interpolate`${$app.name}-${$app.stage}-photos-${account.accountId}`;
    const headerLines = $resolve([photoBucketName, region.name]).apply(([bucket, regionName]) =>
      Object.entries({
        // The browser uploads files straight to the bucket (a presigned POST), and is sent
        // there for photos and attachments (a presigned GET).
        ...securityHeaderValues([
          `https://${bucket}.s3.${regionName}.amazonaws.com`,
          `https://${bucket}.s3.amazonaws.com`,
        ]),
        "strict-transport-security": "max-age=31536000; includeSubDomains",
      })
        .map(
          ([name, value]) =>
            `event.response.headers[${JSON.stringify(name)}] = { value: ${JSON.stringify(value)} };`,
        )
        .join("\n"),
    );
    const router = new sst.aws.Router("Router", {
      edge: { viewerResponse: { injection: headerLines } },
    });
    // Private: the app decides who may read a photo or an attachment, then sends the browser
    // to a presigned GET of it (a few minutes). Browsers POST into it only with a policy the
    // API signed (one key, 5 MB at most).
    const photos = new sst.aws.Bucket("Photos", {
      cors: {
        allowOrigins: [router.url.apply((url) => url.replace(/\/$/, ""))],
        allowMethods: ["POST"],
        allowHeaders: ["*"],
        maxAge: "1 day",
      },
      // A direct upload is named by a photo request within minutes and then deleted; one that
      // never is (a closed tab) goes after a day.
      lifecycle: [{ id: "expire-unused-uploads", prefix: "uploads/", expiresIn: "1 day" }],
      transform: {
        bucket: (args) => {
          args.bucket = photoBucketName;
        },
      },
    });

    const serverEnvironment = {
      DATABASE_URL: databaseUrl.value,
      APP_SECRET: appSecret.value,
      VAPID_PUBLIC_KEY: vapidPublicKey.value,
      VAPID_PRIVATE_KEY: vapidPrivateKey.value,
      PHOTO_BUCKET: photos.name,
      APP_URL: router.url,
      MAIL_FROM: process.env.MAIL_FROM ?? "Circleplan <no-reply@circleplan.app>",
      // Real mail through SES. Forgetting it does not fall back to sandbox mode: with
      // DATABASE_URL set and an https APP_URL the server refuses to start.
      MAIL_TRANSPORT: "ses",
      // The client address for rate limits is the one CloudFront writes itself
      // (CloudFront-Viewer-Address, forwarded by the Router's all-viewer origin policy);
      // Lambda function URLs keep only the leftmost, client-written X-Forwarded-For entry.
      TRUST_PROXY: "cloudfront",
    };

    // Delivers the outbox when the API hands it over (an asynchronous invocation), so mail
    // leaves after the answer and the API takes the same time for known and unknown emails.
    const mailDelivery = new sst.aws.Function("MailDelivery", {
      handler: "packages/functions/src/mail-delivery.handler",
      runtime: "nodejs22.x",
      timeout: "60 seconds",
      nodejs: {
        splitting: true,
        esbuild: { external: ["@electric-sql/pglite", "drizzle-orm/pglite"] },
      },
      link: [databaseUrl, appSecret],
      environment: serverEnvironment,
      permissions: [{ actions: ["ses:SendEmail"], resources: ["*"] }],
    });

    const api = new sst.aws.Function("Api", {
      handler: "packages/functions/src/api.handler",
      runtime: "nodejs22.x",
      timeout: "30 seconds",
      memory: "1024 MB",
      // Same bundling as `pnpm --filter @circleplan/functions build`: the database driver is a
      // chunk loaded on first use, and PGlite (local only) is left out.
      nodejs: {
        splitting: true,
        esbuild: { external: ["@electric-sql/pglite", "drizzle-orm/pglite"] },
        // Photos are decoded and re-encoded with sharp, a native library: SST installs it for
        // Lambda's platform instead of bundling it.
        install: ["sharp"],
      },
      link: [databaseUrl, appSecret, photos, mailDelivery],
      environment: { ...serverEnvironment, MAIL_DELIVERY_FUNCTION: mailDelivery.name },
      permissions: [
        { actions: ["lambda:InvokeFunction"], resources: [mailDelivery.arn] },
        // A hand-over that fails delivers in the request itself (mail-delivery.ts).
        { actions: ["ses:SendEmail"], resources: ["*"] },
      ],
      // No prefix rewrite: the app's routes already live under /api, as in local runs.
      url: { router: { instance: router, path: "/api" } },
    });

    const web = new sst.aws.StaticSite("Web", {
      path: "packages/web",
      build: { command: "pnpm run build", output: "dist" },
      router: { instance: router },
    });

    // The scheduled job (docs/decisions/011-reminders.md): reminders that fell due, by push and
    // by mail; the 07:00 digests; what the mail outbox holds; hourly upkeep (expired rows, series
    // to write further). Every delivery is claimed once, so a run that outlasts the period and
    // overlaps the next sends nothing twice; a run stops starting new batches 30 s before its
    // timeout. It never touches photos: sharp is left out rather than bundled.
    new sst.aws.CronV2("ReminderDigest", {
      schedule: "rate(5 minutes)",
      function: {
        handler: "packages/functions/src/reminder-digest.handler",
        runtime: "nodejs22.x",
        timeout: "4 minutes",
        nodejs: {
          splitting: true,
          esbuild: { external: ["@electric-sql/pglite", "drizzle-orm/pglite", "sharp"] },
        },
        link: [databaseUrl, appSecret],
        environment: serverEnvironment,
        permissions: [{ actions: ["ses:SendEmail"], resources: ["*"] }],
      },
    });

    // Deletes stored objects whose rows are gone when their removal after commit failed
    // (storage_garbage). sharp is never loaded here: left out rather than bundled.
    new sst.aws.CronV2("Maintenance", {
      schedule: "rate(1 hour)",
      function: {
        handler: "packages/functions/src/maintenance.handler",
        runtime: "nodejs22.x",
        timeout: "5 minutes",
        nodejs: {
          splitting: true,
          esbuild: { external: ["@electric-sql/pglite", "drizzle-orm/pglite", "sharp"] },
        },
        link: [databaseUrl, appSecret, photos],
        environment: serverEnvironment,
      },
    });

    return { url: router.url, api: api.url, web: web.url };
  },
});
