/**
 * AWS IoT Core's custom authorizer for live sync (the Realtime component in sst.config.ts;
 * docs/decisions/018-live-sync.md, "AWS"): a browser connects with the token `live.connect`
 * signed as its MQTT password; core/live/iot-authorizer.ts decides who it is and which topics
 * it may hear. IoT calls again every few minutes while the connection lasts.
 */
import { authorizeLiveConnection } from "@circleplan/core/live/iot-authorizer";
import type { Context, IoTCustomAuthorizerEvent, IoTCustomAuthorizerResult } from "aws-lambda";
import { lambdaAppDeps } from "./lambda-deps";

const ready = lambdaAppDeps();

export async function handler(
  event: IoTCustomAuthorizerEvent,
  context: Pick<Context, "invokedFunctionArn">,
): Promise<IoTCustomAuthorizerResult> {
  return authorizeLiveConnection(await ready(), {
    password: event.protocolData?.mqtt?.password,
    functionArn: context.invokedFunctionArn,
  });
}
