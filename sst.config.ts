/// <reference path="./.sst/platform/config.d.ts" />

// Deployment on AWS with SST. One CloudFront Router is the single origin the app is
// designed for: the static front end at `/` and the API function at `/api`, so session
// cookies and the tRPC client need no CORS. Application code never reads these
// resources at import time; the Lambda entry points build the same createAppDeps() the local
// server uses, from plain settings in the environment and secrets from SST's links
// (packages/functions/src/lambda-deps.ts). How each function is bundled lives in
// packages/functions/src/bundles.ts, which `pnpm smoke:lambda` builds and runs under Node 22.
// Deploy-time settings (README, "Deploying"): APP_URL for a custom domain, APP_CERT_ARN and
// DNS=manual where its DNS is not in Route 53, MAIL_FROM for the sender.
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
    const { ORIGIN_SECRET_HEADER } = await import("./packages/api/src/origin-secret");
    const { LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME, lambdaBundles } = await import(
      "./packages/functions/src/bundles"
    );
    const { createHash } = await import("node:crypto");
    const { readdirSync, readFileSync } = await import("node:fs");

    // Neon's pooled URL (the host with -pooler): what the app connects through.
    const databaseUrl = new sst.Secret("DatabaseUrl");
    // Neon's direct URL: the migration step only (a migration's session must be its own).
    const databaseDirectUrl = new sst.Secret("DatabaseDirectUrl");
    // Keys the hashes of reset codes: `sst secret set AppSecret "$(openssl rand -base64 32)"`.
    const appSecret = new sst.Secret("AppSecret");
    // Web Push keys (`npx web-push generate-vapid-keys`): one pair for the life of the app, or
    // every device must allow notifications again.
    const vapidPublicKey = new sst.Secret("VapidPublicKey");
    const vapidPrivateKey = new sst.Secret("VapidPrivateKey");
    // What CloudFront adds to every request it forwards; the API refuses requests without it,
    // so the function URL answers nobody who skipped CloudFront (a forged viewer address).
    const originSecret = new sst.Secret("OriginSecret");
    const serverSecrets = [databaseUrl, appSecret, vapidPublicKey, vapidPrivateKey];

    // A custom domain (APP_URL): the Router answers on it, and cookies, mail links and the
    // Origin check follow APP_URL. Route 53 zones are set up automatically; elsewhere
    // (DNS=manual) an ACM certificate in us-east-1 is needed and the CNAME is added by hand.
    const manualDns = process.env.DNS === "manual";
    const customUrl = process.env.APP_URL?.replace(/\/$/, "");
    if (customUrl && !customUrl.startsWith("https://")) {
      throw new Error(`APP_URL must be an https:// address, not ${customUrl}`);
    }
    const customDomain = customUrl ? new URL(customUrl).hostname : undefined;
    const mailFrom = process.env.MAIL_FROM ?? "Circleplan <no-reply@circleplan.app>";
    const mailDomain = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).split("@")[1] ?? mailFrom;

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
      ...(customDomain
        ? {
            domain: manualDns
              ? { name: customDomain, dns: false, cert: process.env.APP_CERT_ARN }
              : { name: customDomain },
          }
        : {}),
      edge: {
        // Written over whatever the viewer sent under that name.
        viewerRequest: {
          injection: $interpolate`event.request.headers[${JSON.stringify(ORIGIN_SECRET_HEADER)}] = { value: ${originSecret.value.apply((value) => JSON.stringify(value))} };`,
        },
        viewerResponse: { injection: headerLines },
      },
    });
    const appUrl = customUrl ?? router.url.apply((url) => url.replace(/\/$/, ""));

    // Private: the app decides who may read a photo or an attachment, then sends the browser
    // to a presigned GET of it (a few minutes). Browsers POST into it only with a policy the
    // API signed (one key, 5 MB at most).
    const photos = new sst.aws.Bucket("Photos", {
      cors: {
        allowOrigins: [appUrl],
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

    // Mail from MAIL_FROM's domain, signed with DKIM; in a Route 53 zone SST writes the DKIM
    // and DMARC records and waits for SES to verify the domain (DNS=manual: the `mailDkim`
    // output lists the three CNAMEs to add). Bounces and complaints reach MailEvents, which
    // suppresses further mail to those addresses.
    const mailEvents = new sst.aws.SnsTopic("MailEvents");
    new aws.sns.TopicPolicy("MailEventsFromSes", {
      arn: mailEvents.arn,
      policy: $resolve([mailEvents.arn, account.accountId]).apply(([topicArn, accountId]) =>
        JSON.stringify({
          Version: "2012-10-17",
          Statement: [
            {
              Effect: "Allow",
              Principal: { Service: "ses.amazonaws.com" },
              Action: "sns:Publish",
              Resource: topicArn,
              Condition: { StringEquals: { "AWS:SourceAccount": accountId } },
            },
          ],
        }),
      ),
    });
    const email = new sst.aws.Email("Email", {
      sender: mailDomain,
      ...(manualDns ? { dns: false as const } : {}),
      dmarc: "v=DMARC1; p=quarantine; adkim=s; aspf=r;",
      events: [
        { name: "BouncesAndComplaints", types: ["bounce", "complaint"], topic: mailEvents.arn },
      ],
    });

    const serverEnvironment = {
      PHOTO_BUCKET: photos.name,
      APP_URL: appUrl,
      MAIL_FROM: mailFrom,
      // Real mail through SES. Forgetting it does not fall back to sandbox mode: with
      // DATABASE_URL set and an https APP_URL the server refuses to start.
      MAIL_TRANSPORT: "ses",
    };
    const sendMail = { actions: ["ses:SendEmail"], resources: ["*"] };

    // Live sync (docs/decisions/018-live-sync.md): AWS IoT Core through SST's Realtime. Topics
    // live under `app/stage` (one IoT endpoint serves every app and stage of the account), one
    // per user; the authorizer checks the token `live.connect` signs (a signature and an expiry:
    // no database) and grants the user's own topic only. What announces (the API, the scheduled
    // job) may publish under the prefix and nowhere else.
    const liveTopicPrefix = `${$app.name}/${$app.stage}`;
    const live = new sst.aws.Realtime("Live", {
      authorizer: {
        handler: lambdaBundles.liveAuthorizer.handler,
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        timeout: "5 seconds",
        memory: "256 MB",
        nodejs: lambdaBundles.liveAuthorizer.nodejs,
        link: [appSecret],
        environment: { LIVE_TOPIC_PREFIX: liveTopicPrefix },
      },
    });
    const liveEnvironment = {
      LIVE_TOPIC_PREFIX: liveTopicPrefix,
      LIVE_IOT_ENDPOINT: live.endpoint,
      LIVE_IOT_AUTHORIZER: live.authorizer,
    };
    const partition = aws.getPartitionOutput({});
    const publishLive = {
      actions: ["iot:Publish"],
      resources: [
        $interpolate`arn:${partition.partition}:iot:${region.name}:${account.accountId}:topic/${liveTopicPrefix}/*`,
      ],
    };

    // Runs the migrations through the direct URL, then sets the database's statement timeout
    // (packages/db/src/deploy-migrations.ts). Invoked below once per deploy whose migrations
    // changed; the app's functions wait for it, so new code never meets an old schema.
    const migrate = new sst.aws.Function("Migrate", {
      handler: lambdaBundles.migrate.handler,
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      timeout: "5 minutes",
      nodejs: lambdaBundles.migrate.nodejs,
      copyFiles: lambdaBundles.migrate.copyFiles,
      link: [databaseDirectUrl],
    });
    const migrationsDigest = createHash("sha256");
    for (const file of [
      "packages/db/src/deploy-migrations.ts",
      "packages/db/migrations/meta/_journal.json",
    ]) {
      migrationsDigest.update(readFileSync(file));
    }
    for (const file of readdirSync("packages/db/migrations")
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      migrationsDigest.update(readFileSync(`packages/db/migrations/${file}`));
    }
    const migrations = new aws.lambda.Invocation("RunMigrations", {
      functionName: migrate.name,
      input: JSON.stringify({}),
      triggers: { migrations: migrationsDigest.digest("hex") },
    });
    const afterMigrations = { dependsOn: [migrations] };

    // Delivers the outbox when the API hands it over (an asynchronous invocation), so mail
    // leaves after the answer and the API takes the same time for known and unknown emails.
    const mailDelivery = new sst.aws.Function(
      "MailDelivery",
      {
        handler: lambdaBundles.mailDelivery.handler,
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        timeout: "60 seconds",
        nodejs: lambdaBundles.mailDelivery.nodejs,
        link: serverSecrets,
        environment: serverEnvironment,
        permissions: [sendMail],
      },
      afterMigrations,
    );

    mailEvents.subscribe("MailEventsHandler", {
      handler: lambdaBundles.mailEvents.handler,
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      timeout: "30 seconds",
      nodejs: lambdaBundles.mailEvents.nodejs,
      link: serverSecrets,
      environment: serverEnvironment,
    });

    // The function's timeout stays under CloudFront's wait for it, so a slow request ends as
    // the function's own answer, never as CloudFront's 504 while the function is still working.
    const apiTimeoutSeconds = 25;
    const api = new sst.aws.Function(
      "Api",
      {
        handler: lambdaBundles.api.handler,
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        timeout: `${apiTimeoutSeconds} seconds`,
        memory: "1024 MB",
        nodejs: lambdaBundles.api.nodejs,
        copyFiles: lambdaBundles.api.copyFiles,
        link: [...serverSecrets, originSecret, photos, mailDelivery],
        environment: {
          ...serverEnvironment,
          ...liveEnvironment,
          MAIL_DELIVERY_FUNCTION: mailDelivery.name,
          // The client address for rate limits is the one CloudFront writes itself
          // (CloudFront-Viewer-Address, forwarded by the Router's all-viewer origin policy);
          // Lambda function URLs keep only the leftmost, client-written X-Forwarded-For entry.
          TRUST_PROXY: "cloudfront",
        },
        permissions: [
          { actions: ["lambda:InvokeFunction"], resources: [mailDelivery.arn] },
          // A hand-over that fails delivers in the request itself (mail-delivery.ts).
          sendMail,
          publishLive,
        ],
        url: {
          // Same origin as the app through the Router: browsers need no CORS from it.
          cors: false,
          // No prefix rewrite: the app's routes already live under /api, as in local runs.
          // The Router's cache policy follows each answer's Cache-Control: /api answers are
          // no-store, but the calendar feed (public, max-age=300) is kept at the edge for a few
          // minutes (docs/decisions/026-calendar-feeds.md).
          router: {
            instance: router,
            path: "/api",
            readTimeout: `${apiTimeoutSeconds + 5} seconds`,
          },
        },
      },
      afterMigrations,
    );

    const web = new sst.aws.StaticSite("Web", {
      path: "packages/web",
      build: { command: "pnpm run build", output: "dist" },
      router: { instance: router },
    });

    // The scheduled job (docs/decisions/011-reminders.md): reminders that fell due, by push and
    // by mail; push for changes; the 07:00 digests; what the mail outbox holds; hourly upkeep (expired rows, series
    // to write further). Every delivery is claimed once, so a run that outlasts the period and
    // overlaps the next sends nothing twice; a run stops starting new batches 30 s before its
    // timeout. It never touches photos: sharp is left out rather than bundled. Every minute, so
    // a change's push leaves within a minute of its 2 minutes' quiet (docs/decisions/019: about
    // $0.15 a month more than every 5 minutes, for the whole deployment).
    new sst.aws.CronV2(
      "ReminderDigest",
      {
        schedule: "rate(1 minute)",
        function: {
          handler: lambdaBundles.reminderDigest.handler,
          runtime: LAMBDA_RUNTIME,
          architecture: LAMBDA_ARCHITECTURE,
          timeout: "4 minutes",
          nodejs: lambdaBundles.reminderDigest.nodejs,
          link: serverSecrets,
          environment: { ...serverEnvironment, ...liveEnvironment },
          permissions: [sendMail, publishLive],
        },
      },
      afterMigrations,
    );

    // Deletes stored objects whose rows are gone when their removal after commit failed
    // (storage_garbage). sharp is never loaded here: left out rather than bundled.
    new sst.aws.CronV2(
      "Maintenance",
      {
        schedule: "rate(1 hour)",
        function: {
          handler: lambdaBundles.maintenance.handler,
          runtime: LAMBDA_RUNTIME,
          architecture: LAMBDA_ARCHITECTURE,
          timeout: "5 minutes",
          nodejs: lambdaBundles.maintenance.nodejs,
          link: [...serverSecrets, photos],
          environment: serverEnvironment,
        },
      },
      afterMigrations,
    );

    return {
      url: appUrl,
      api: api.url,
      web: web.url,
      // With DNS=manual: CNAME <token>._domainkey.<mail domain> -> <token>.dkim.amazonses.com
      mailDkim: email.nodes.identity.dkimSigningAttributes.apply((dkim) => dkim?.tokens ?? []),
    };
  },
});
