/**
 * AWS IoT Core's custom authorizer for live sync (docs/decisions/018-live-sync.md, "AWS"; the
 * Lambda entry is packages/functions/src/live-authorizer.ts). IoT hands it the MQTT password a
 * browser connects with, which is the token `live.connect` signed; it answers who that is and
 * what they may do: connect with a client id of their own, subscribe to and receive their own
 * topic only, publish nothing, until the token expires. It reads no database: whatever a user's
 * circles are, every announcement for them comes on their own topic (announcements.ts decides
 * who hears a circle, when it is published).
 */
import type { Clock } from "../clock";
import type { Config } from "../env";
import type { Logger } from "../log";
import { verifyLiveToken } from "./live-token";
import { clientIdPrefixOf, userTopicOf } from "./topics";

/** IoT's bounds for both intervals: 5 minutes to 24 hours. */
const MIN_SECONDS = 300;
const MAX_SECONDS = 86_400;

export interface IotAuthorizerRequest {
  /** The MQTT CONNECT's password as IoT passes it: base64. */
  password: string | undefined;
  /** The authorizer function's own ARN: the partition, region and account of the topics. */
  functionArn: string;
}

interface PolicyStatement {
  Effect: "Allow";
  Action: string;
  Resource: string[];
}

export interface IotAuthorizerResponse {
  isAuthenticated: boolean;
  /** Letters and digits only (IoT's rule). */
  principalId: string;
  disconnectAfterInSeconds: number;
  refreshAfterInSeconds: number;
  policyDocuments: { Version: "2012-10-17"; Statement: PolicyStatement[] }[];
}

const DENIED: IotAuthorizerResponse = {
  isAuthenticated: false,
  principalId: "denied",
  disconnectAfterInSeconds: MIN_SECONDS,
  refreshAfterInSeconds: MIN_SECONDS,
  policyDocuments: [],
};

export function authorizeLiveConnection(
  deps: { config: Pick<Config, "appSecret" | "live">; clock: Clock; log: Logger },
  request: IotAuthorizerRequest,
): IotAuthorizerResponse {
  const prefix = deps.config.live.topicPrefix;
  const key = deps.config.appSecret;
  // A forgotten setting denies everyone rather than grant a topic without its prefix.
  if (!prefix || !key) {
    deps.log.error("live.authorizer_unconfigured", new Error("LIVE_TOPIC_PREFIX or APP_SECRET"));
    return DENIED;
  }
  const now = deps.clock.now();
  const token = Buffer.from(request.password ?? "", "base64").toString("utf8");
  const verified = verifyLiveToken(key, token, now);
  if (!verified) return DENIED;
  const { userId, expiresAt } = verified;
  const [, partition, , region, account] = request.functionArn.split(":");
  const arn = `arn:${partition}:iot:${region}:${account}`;
  const topic = userTopicOf(prefix, userId);
  // What it grants never changes while the token lives: asking again before its end is waste.
  const seconds = Math.min(
    MAX_SECONDS,
    Math.max(MIN_SECONDS, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  );
  return {
    isAuthenticated: true,
    principalId: `user${userId}`,
    disconnectAfterInSeconds: seconds,
    refreshAfterInSeconds: seconds,
    policyDocuments: [
      {
        Version: "2012-10-17",
        Statement: [
          {
            Effect: "Allow",
            Action: "iot:Connect",
            Resource: [`${arn}:client/${clientIdPrefixOf(prefix, userId)}*`],
          },
          { Effect: "Allow", Action: "iot:Subscribe", Resource: [`${arn}:topicfilter/${topic}`] },
          { Effect: "Allow", Action: "iot:Receive", Resource: [`${arn}:topic/${topic}`] },
        ],
      },
    ],
  };
}
