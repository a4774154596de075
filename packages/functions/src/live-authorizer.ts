/**
 * AWS IoT Core's custom authorizer for live sync (the Realtime component in sst.config.ts;
 * docs/decisions/018-live-sync.md, "AWS"): a browser connects with the token `live.connect`
 * signed as its MQTT password; core/live/iot-authorizer.ts decides who it is and grants its own
 * topic. No database: the signature and the expiry are all it checks.
 */
import { systemClock } from "@circleplan/core/clock";
import { authorizeLiveConnection } from "@circleplan/core/live/iot-authorizer";
import { createLogger } from "@circleplan/core/log";
import type { Context, IoTCustomAuthorizerEvent, IoTCustomAuthorizerResult } from "aws-lambda";
import { lambdaConfig } from "./lambda-config";

const log = createLogger();

export async function handler(
  event: IoTCustomAuthorizerEvent,
  context: Pick<Context, "invokedFunctionArn">,
): Promise<IoTCustomAuthorizerResult> {
  return authorizeLiveConnection(
    { config: lambdaConfig(), clock: systemClock, log },
    { password: event.protocolData?.mqtt?.password, functionArn: context.invokedFunctionArn },
  );
}
