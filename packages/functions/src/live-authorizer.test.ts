/**
 * IoT Core's custom authorizer for live sync as IoT invokes it (live-authorizer.ts): the event
 * IoT sends for an MQTT connection over WebSockets (the token as the base64 password), the
 * function's ARN in its context, configuration as sst.config.ts sets it (the app's secret linked,
 * the topic prefix in the environment). What it answers decides who may hear which topic, so each
 * kind of token is here: the user's own, expired, forged, another user's id under a signature.
 */
import { LIVE_TOKEN_TTL_MS, signLiveToken } from "@circleplan/core/live/live-token";
import type { IoTCustomAuthorizerResult } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handler } from "./live-authorizer";
import { iotConnectEvent } from "./testing/lambda-events";

const PREFIX = "circleplan/test";
const SECRET = "linked-secret-linked-secret-linked-secret";
const ARN = "arn:aws:lambda:eu-west-1:123456789012:function:circleplan-test-LiveAuthorizer";
const IOT = "arn:aws:iot:eu-west-1:123456789012";
const HOUR = 60 * 60 * 1000;
const ADA = 41;
const BEN = 42;

const environment = {
  SST_RESOURCE_App: JSON.stringify({ name: "circleplan", stage: "test" }),
  SST_RESOURCE_AppSecret: JSON.stringify({ type: "sst.sst.Secret", value: SECRET }),
  LIVE_TOPIC_PREFIX: PREFIX,
};

beforeEach(() => {
  Object.assign(process.env, environment);
});

afterEach(() => {
  for (const name of Object.keys(environment)) delete process.env[name];
});

const connecting = (token: string, userId = ADA) =>
  handler(iotConnectEvent({ password: token, clientId: `circleplan-test-u${userId}-a1` }), {
    invokedFunctionArn: ARN,
  });

const tokenOf = (userId: number, expiresIn = HOUR, key = SECRET) =>
  signLiveToken(key, userId, new Date(Date.now() + expiresIn));

/** Every resource the policy allows, by action. */
function allowed(result: IoTCustomAuthorizerResult): Record<string, string[]> {
  const byAction: Record<string, string[]> = {};
  for (const document of result.policyDocuments) {
    // What the authorizer writes: Allow, one action and its resources, never NotAction.
    const statements = document.Statement as {
      Effect: string;
      Action: string;
      Resource: string[];
    }[];
    for (const statement of statements) {
      expect(statement.Effect).toBe("Allow");
      byAction[statement.Action] = [...(byAction[statement.Action] ?? []), ...statement.Resource];
    }
  }
  return byAction;
}

const denied = { isAuthenticated: false, policyDocuments: [] };

describe("LiveAuthorizer Lambda handler", () => {
  it("the user's own token: connect with their client ids, subscribe to and receive their own topic only, publish nothing, until the token ends", async () => {
    const result = await connecting(tokenOf(ADA));
    expect(result).toMatchObject({ isAuthenticated: true, principalId: `user${ADA}` });
    // The connection ends with its token (an hour, give or take this call's own second), and
    // IoT need not ask again before: what it grants cannot change meanwhile.
    expect(result.disconnectAfterInSeconds).toBeGreaterThan(HOUR / 1000 - 60);
    expect(result.disconnectAfterInSeconds).toBeLessThanOrEqual(HOUR / 1000);
    expect(result.refreshAfterInSeconds).toBe(result.disconnectAfterInSeconds);
    expect(allowed(result)).toEqual({
      "iot:Connect": [`${IOT}:client/circleplan-test-u${ADA}-*`],
      "iot:Subscribe": [`${IOT}:topicfilter/${PREFIX}/user/${ADA}`],
      "iot:Receive": [`${IOT}:topic/${PREFIX}/user/${ADA}`],
    });
  });

  it("a day's token (live.connect's): connected for IoT's longest, 24 h, and asked about once a connection", async () => {
    expect(LIVE_TOKEN_TTL_MS).toBe(24 * HOUR);
    const result = await connecting(tokenOf(ADA, LIVE_TOKEN_TTL_MS));
    expect(result.disconnectAfterInSeconds).toBeGreaterThan(86_400 - 60);
    expect(result.disconnectAfterInSeconds).toBeLessThanOrEqual(86_400);
    expect(result.refreshAfterInSeconds).toBe(result.disconnectAfterInSeconds);
  });

  it("a token about to expire still gets IoT's shortest connection (5 minutes), not less", async () => {
    const result = await connecting(tokenOf(ADA, 60_000));
    expect(result.isAuthenticated).toBe(true);
    expect(result.disconnectAfterInSeconds).toBe(300);
  });

  it("an expired token is refused", async () => {
    expect(await connecting(tokenOf(ADA, -1000))).toMatchObject(denied);
  });

  it("a forged token is refused: signed with another key, its signature altered, junk, or no password", async () => {
    const other = tokenOf(ADA, HOUR, "another-secret-another-secret-another-secret");
    expect(await connecting(other)).toMatchObject(denied);
    const token = tokenOf(ADA);
    const altered = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    expect(await connecting(altered)).toMatchObject(denied);
    expect(await connecting("not.a.token")).toMatchObject(denied);
    expect(await connecting("")).toMatchObject(denied);
  });

  it("another user's id under someone's signature is refused (Ada cannot listen as Ben)", async () => {
    const [, expires, signature] = tokenOf(ADA).split(".");
    expect(await connecting(`${BEN}.${expires}.${signature}`, BEN)).toMatchObject(denied);
    // Ben's own token gives Ben's topic, never Ada's.
    const ben = JSON.stringify(await connecting(tokenOf(BEN), BEN));
    expect(ben).toContain(`${PREFIX}/user/${BEN}"`);
    expect(ben).not.toContain(`/user/${ADA}`);
    expect(ben).not.toContain(`-u${ADA}-`);
  });

  it("a deployment that forgot the topic prefix denies everyone (never a topic without its prefix)", async () => {
    delete process.env.LIVE_TOPIC_PREFIX;
    expect(await connecting(tokenOf(ADA))).toMatchObject(denied);
  });
});
