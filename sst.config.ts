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
    const databaseUrl = new sst.Secret("DatabaseUrl");
    const photos = new sst.aws.Bucket("Photos");
    const router = new sst.aws.Router("Router");

    const serverEnvironment = {
      DATABASE_URL: databaseUrl.value,
      PHOTO_BUCKET: photos.name,
      APP_URL: router.url,
      MAIL_FROM: process.env.MAIL_FROM ?? "Circleplan <no-reply@circleplan.app>",
      // Real mail through SES (absent means sandbox mode), and the client address from
      // CloudFront's X-Forwarded-For for rate limits.
      MAIL_TRANSPORT: "ses",
      TRUST_PROXY: "true",
    };

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
      },
      link: [databaseUrl, photos],
      environment: serverEnvironment,
      // No prefix rewrite: the app's routes already live under /api, as in local runs.
      url: { router: { instance: router, path: "/api" } },
    });

    const web = new sst.aws.StaticSite("Web", {
      path: "packages/web",
      build: { command: "pnpm run build", output: "dist" },
      router: { instance: router },
    });

    // Placeholder: the handler only logs until the reminder-digest issue lands.
    new sst.aws.CronV2("ReminderDigest", {
      schedule: "rate(5 minutes)",
      function: {
        handler: "packages/functions/src/reminder-digest.handler",
        runtime: "nodejs22.x",
        timeout: "60 seconds",
        link: [databaseUrl, photos],
        environment: serverEnvironment,
      },
    });

    return { url: router.url, api: api.url, web: web.url };
  },
});
