/**
 * The API Lambda: the same Hono app as the local server, behind the Router's /api route.
 * Dependencies (database pool, mail transport) are built on the first request and then
 * reused while the container stays warm; a failed build is retried on the next request.
 * Nothing else loads at init: the sentence reader is readied on intent, by `nlp.prepare`
 * (decision 010, "Cold start"), so a cold start that reads no sentence does not pay for it.
 */
import path from "node:path";
import { createApp } from "@circleplan/api/app";
import { createAppDeps } from "@circleplan/api/deps";
import { createLogger } from "@circleplan/core/log";
import type { Context as LambdaContext } from "aws-lambda";
import type { Context } from "hono";
import { type ApiGatewayRequestContextV2, handle, type LambdaEvent } from "hono/aws-lambda";
import { SCALAR_BUNDLE_FILE } from "./bundles";
import { lambdaConfig } from "./lambda-config";
import { LAMBDA_POOL_SIZE, once } from "./lambda-deps";
import { lambdaDeliveryTrigger } from "./mail-delivery";

const ready = once(async () => {
  const config = lambdaConfig();
  const log = createLogger();
  const deps = await createAppDeps(config, {
    log,
    poolSize: LAMBDA_POOL_SIZE,
    // Without a delivery function, mail goes out inside the request: later, but never lost
    // to a frozen process.
    deliveryTrigger: config.mailDeliveryFunction
      ? lambdaDeliveryTrigger({
          functionName: config.mailDeliveryFunction,
          region: config.awsRegion,
          log,
        })
      : (flush) => flush(),
  });
  const app = createApp(deps, {
    // Function URLs report the caller in requestContext.http (payload format 2.0).
    remoteAddress: (c: Context) =>
      (c.env?.requestContext as ApiGatewayRequestContextV2 | undefined)?.http?.sourceIp,
    // Copied beside the bundle (bundles.ts): the package itself is not in the Lambda.
    scalarBundle: path.join(process.env.LAMBDA_TASK_ROOT ?? ".", SCALAR_BUNDLE_FILE),
  });
  return handle(app);
});

export async function handler(event: LambdaEvent, context: LambdaContext) {
  return (await ready())(event, context);
}
