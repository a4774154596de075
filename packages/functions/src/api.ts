/**
 * The API Lambda: the same Hono app as the local server, behind the Router's /api route.
 * Dependencies (database pool, mail transport) are built on the first request and then
 * reused while the container stays warm; a failed build is retried on the next request.
 * The sentence reader is readied at init instead (below).
 */
import path from "node:path";
import { createApp } from "@circleplan/api/app";
import { createAppDeps } from "@circleplan/api/deps";
import { createLogger } from "@circleplan/core/log";
import { warmReader } from "@circleplan/core/nlp/warm-reader";
import type { Context as LambdaContext } from "aws-lambda";
import type { Context } from "hono";
import { type ApiGatewayRequestContextV2, handle, type LambdaEvent } from "hono/aws-lambda";
import { SCALAR_BUNDLE_FILE } from "./bundles";
import { lambdaConfig } from "./lambda-config";
import { LAMBDA_POOL_SIZE, once } from "./lambda-deps";
import { lambdaDeliveryTrigger } from "./mail-delivery";

// Init runs before the first request, with more CPU than the request gets (0.58 vCPU at 1 GB):
// the reader's loading (chrono-node, compromise, their compiled patterns, ~0.5 s of CPU) goes
// there, so the first sentence a container reads costs what a warm one does. Should it fail,
// each sentence loads the libraries itself. Decision 010, "Cold start".
await warmReader().catch((error: unknown) => createLogger().error("nlp.warm_failed", error));

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
