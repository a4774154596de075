/**
 * AWS IoT Core's custom authorizer for live sync (docs/decisions/018-live-sync.md, "AWS"; the
 * Lambda entry is packages/functions/src/live-authorizer.ts). IoT hands it the MQTT password a
 * browser connects with, which is the token `live.connect` signed; it answers who that is and
 * what they may do: connect with a client id of their own, subscribe to and receive only their
 * circles' topics and their own user topic, publish nothing. IoT asks again every
 * REFRESH_SECONDS while the connection lasts, so a member who leaves a circle stops hearing it
 * by then at the latest, and the connection ends when its token does.
 */
import type { CoreDeps } from "../deps";
import { verifyLiveToken } from "./live-token";
import { clientIdPrefixOf, topicsOf } from "./topics";

/** IoT's bounds for both intervals: 5 minutes to 24 hours. */
const MIN_SECONDS = 300;
const MAX_SECONDS = 86_400;
/** How often IoT asks again about a live connection: its shortest interval. */
export const REFRESH_SECONDS = MIN_SECONDS;
/** IoT takes at most 10 policy documents of at most 2,048 characters each. */
const DOCUMENT_MAX_CHARS = 2048;
const DOCUMENTS_MAX = 10;

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

interface PolicyDocument {
  Version: "2012-10-17";
  Statement: PolicyStatement[];
}

export interface IotAuthorizerResponse {
  isAuthenticated: boolean;
  /** Letters and digits only (IoT's rule). */
  principalId: string;
  disconnectAfterInSeconds: number;
  refreshAfterInSeconds: number;
  policyDocuments: PolicyDocument[];
}

const DENIED: IotAuthorizerResponse = {
  isAuthenticated: false,
  principalId: "denied",
  disconnectAfterInSeconds: MIN_SECONDS,
  refreshAfterInSeconds: MIN_SECONDS,
  policyDocuments: [],
};

export async function authorizeLiveConnection(
  deps: Pick<CoreDeps, "db" | "clock" | "config" | "secretKey" | "log">,
  request: IotAuthorizerRequest,
): Promise<IotAuthorizerResponse> {
  const prefix = deps.config.live.topicPrefix;
  // A forgotten setting denies everyone rather than grant topics without their prefix.
  if (!prefix) {
    deps.log.error("live.authorizer_unconfigured", new Error("LIVE_TOPIC_PREFIX is not set"));
    return DENIED;
  }
  const now = deps.clock.now();
  const token = Buffer.from(request.password ?? "", "base64").toString("utf8");
  const verified = verifyLiveToken(deps.secretKey, token, now);
  if (!verified) return DENIED;
  const { userId, expiresAt } = verified;
  const topics = await topicsOf(deps.db, prefix, userId);
  if (!topics) return DENIED;

  const arn = arnBase(request.functionArn);
  return {
    isAuthenticated: true,
    principalId: `user${userId}`,
    disconnectAfterInSeconds: clamp(Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
    refreshAfterInSeconds: REFRESH_SECONDS,
    policyDocuments: documents([
      {
        Effect: "Allow",
        Action: "iot:Connect",
        Resource: [`${arn}:client/${clientIdPrefixOf(prefix, userId)}*`],
      },
      ...topics.map(
        (topic): PolicyStatement => ({
          Effect: "Allow",
          Action: "iot:Subscribe",
          Resource: [`${arn}:topicfilter/${topic}`],
        }),
      ),
      ...topics.map(
        (topic): PolicyStatement => ({
          Effect: "Allow",
          Action: "iot:Receive",
          Resource: [`${arn}:topic/${topic}`],
        }),
      ),
    ]),
  };
}

/** `arn:<partition>:iot:<region>:<account>` from the function's ARN. */
function arnBase(functionArn: string): string {
  const [, partition, , region, account] = functionArn.split(":");
  return `arn:${partition}:iot:${region}:${account}`;
}

const clamp = (seconds: number) => Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, seconds));

/**
 * The statements packed into as few documents as IoT's size limit allows, one resource each
 * merged with the previous statement of the same action while the document still fits. A user in
 * the most circles allowed (50) needs about five.
 */
function documents(statements: PolicyStatement[]): PolicyDocument[] {
  const packed: PolicyDocument[] = [];
  const size = (document: PolicyDocument) => JSON.stringify(document).length;
  for (const statement of statements) {
    const current = packed.at(-1);
    const last = current?.Statement.at(-1);
    if (current && last) {
      const merged: PolicyDocument =
        last.Action === statement.Action
          ? {
              ...current,
              Statement: [
                ...current.Statement.slice(0, -1),
                { ...last, Resource: [...last.Resource, ...statement.Resource] },
              ],
            }
          : { ...current, Statement: [...current.Statement, statement] };
      if (size(merged) <= DOCUMENT_MAX_CHARS) {
        packed[packed.length - 1] = merged;
        continue;
      }
    }
    packed.push({ Version: "2012-10-17", Statement: [statement] });
  }
  if (packed.length > DOCUMENTS_MAX) throw new Error("the live topics outgrew IoT's policy limit");
  return packed;
}
