/**
 * IoT Core's custom authorizer for live sync as IoT invokes it (live-authorizer.ts): the event
 * IoT sends for an MQTT connection over WebSockets (the token as the base64 password) and the
 * function's ARN in its context; configuration from the environment, the embedded store in a
 * data folder. What it answers decides who may hear which topic, so each kind of token is here:
 * the user's own, expired, forged, another user's id under a signature, an account since deleted.
 */
import { signLiveToken } from "@circleplan/core/live/live-token";
import { createDb } from "@circleplan/db/client";
import { createCircle, createUser } from "@circleplan/db/testing/factories";
import { CIRCLES_PER_USER_MAX } from "@circleplan/shared/limits";
import type { IoTCustomAuthorizerResult } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useLambdaEnvironment } from "./testing/lambda-environment";
import { iotConnectEvent } from "./testing/lambda-events";

const PREFIX = "circleplan/test";
const ARN = "arn:aws:lambda:eu-west-1:123456789012:function:circleplan-test-LiveAuthorizer";
const IOT = "arn:aws:iot:eu-west-1:123456789012";
const HOUR = 60 * 60 * 1000;

let environment: ReturnType<typeof useLambdaEnvironment>;
let handler: typeof import("./live-authorizer").handler;
/**
 * Each has a personal circle; Ada is in a family circle with Ben; Ben also has a work circle Ada
 * is not in; Cy is in the most circles allowed.
 */
const people = { ada: 0, ben: 0, cy: 0 };
const circles = { family: 0, work: 0 };
let secret = "";

beforeAll(async () => {
  environment = useLambdaEnvironment("circleplan-live-authorizer-");
  process.env.LIVE_TOPIC_PREFIX = PREFIX;
  secret = process.env.APP_SECRET as string;
  // Written before the function starts: the embedded store is one process's at a time.
  const seeding = await createDb({ dataDir: environment.dataDir, migrate: true });
  const deps = { db: seeding.db, passwords: { hash: async () => "not-a-real-hash" } };
  people.ada = (await createUser(deps)).user.id;
  people.ben = (await createUser(deps)).user.id;
  people.cy = (await createUser(deps)).user.id;
  circles.family = (await createCircle(deps, { creatorId: people.ada, members: [people.ben] })).id;
  circles.work = (await createCircle(deps, { creatorId: people.ben, type: "work" })).id;
  // Their personal circle and 49 more.
  for (let i = 1; i < CIRCLES_PER_USER_MAX; i++) {
    await createCircle(deps, { creatorId: people.cy, type: "custom" });
  }
  await seeding.close();
  ({ handler } = await import("./live-authorizer"));
});

afterAll(() => environment.restore());

const connecting = (token: string, userId = people.ada) =>
  handler(iotConnectEvent({ password: token, clientId: `circleplan-test-u${userId}-a1` }), {
    invokedFunctionArn: ARN,
  });

const tokenOf = (userId: number, expiresIn = HOUR, key = secret) =>
  signLiveToken(key, userId, new Date(Date.now() + expiresIn));

/** Every resource the policy allows, by action. */
function allowed(result: IoTCustomAuthorizerResult): Record<string, string[]> {
  const byAction: Record<string, string[]> = {};
  for (const document of result.policyDocuments) {
    // What the authorizer writes: Allow, one action and its resources, never NotAction.
    for (const statement of document.Statement as {
      Effect: string;
      Action: string;
      Resource: string[];
    }[]) {
      expect(statement.Effect).toBe("Allow");
      const actions = [statement.Action];
      const resources = statement.Resource;
      for (const action of actions) byAction[action] = [...(byAction[action] ?? []), ...resources];
    }
  }
  return byAction;
}

const denied = {
  isAuthenticated: false,
  policyDocuments: [],
};

describe("LiveAuthorizer Lambda handler", () => {
  it("the user's own token: connect with their client ids, subscribe to and receive only their circles' and their own topics, publish nothing", async () => {
    const result = await connecting(tokenOf(people.ada));
    expect(result).toMatchObject({
      isAuthenticated: true,
      principalId: `user${people.ada}`,
      refreshAfterInSeconds: 300,
    });
    // The connection ends with its token (an hour, give or take the call's own seconds).
    expect(result.disconnectAfterInSeconds).toBeGreaterThan(HOUR / 1000 - 60);
    expect(result.disconnectAfterInSeconds).toBeLessThanOrEqual(HOUR / 1000);
    const policy = allowed(result);
    expect(Object.keys(policy).sort()).toEqual(["iot:Connect", "iot:Receive", "iot:Subscribe"]);
    expect(policy["iot:Connect"]).toEqual([`${IOT}:client/circleplan-test-u${people.ada}-*`]);
    // Her personal circle, the family's, and her own topic; the same to subscribe and receive.
    const topics = policy["iot:Receive"]?.map((arn) => arn.replace(`${IOT}:topic/`, ""));
    expect(topics).toHaveLength(3);
    expect(topics).toEqual(
      expect.arrayContaining([
        `${PREFIX}/circle/${circles.family}`,
        `${PREFIX}/user/${people.ada}`,
      ]),
    );
    expect(policy["iot:Subscribe"]).toEqual(topics?.map((topic) => `${IOT}:topicfilter/${topic}`));
    // Ben's work circle, which Ada is not in, appears nowhere.
    expect(JSON.stringify(result)).not.toContain(`/circle/${circles.work}`);
  });

  it("an expired token is refused", async () => {
    expect(await connecting(tokenOf(people.ada, -1000))).toMatchObject(denied);
  });

  it("a forged token is refused: signed with another key, its signature altered, or no password at all", async () => {
    const other = tokenOf(people.ada, HOUR, "another-secret-another-secret-another-secret");
    expect(await connecting(other)).toMatchObject(denied);
    const token = tokenOf(people.ada);
    const altered = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    expect(await connecting(altered)).toMatchObject(denied);
    expect(await connecting("")).toMatchObject(denied);
    expect(await connecting("not.a.token")).toMatchObject(denied);
  });

  it("another user's id under someone's signature is refused (Ada cannot listen as Ben)", async () => {
    const [, expires, signature] = tokenOf(people.ada).split(".");
    expect(await connecting(`${people.ben}.${expires}.${signature}`)).toMatchObject(denied);
    // Ben's own token gives Ben's topics, never Ada's.
    const ben = allowed(await connecting(tokenOf(people.ben), people.ben));
    expect(ben["iot:Receive"]).toHaveLength(4);
    expect(ben["iot:Receive"]).toEqual(
      expect.arrayContaining([
        `${IOT}:topic/${PREFIX}/circle/${circles.family}`,
        `${IOT}:topic/${PREFIX}/circle/${circles.work}`,
        `${IOT}:topic/${PREFIX}/user/${people.ben}`,
      ]),
    );
    expect(JSON.stringify(ben)).not.toContain(`/user/${people.ada}`);
  });

  it("a token of an account since deleted is refused", async () => {
    expect(await connecting(tokenOf(people.cy + 1000))).toMatchObject(denied);
  });

  it("a user in the most circles allowed: every topic fits in IoT's policy limits", async () => {
    const result = await connecting(tokenOf(people.cy), people.cy);
    expect(result.isAuthenticated).toBe(true);
    expect(allowed(result)["iot:Receive"]).toHaveLength(CIRCLES_PER_USER_MAX + 1);
    expect(result.policyDocuments.length).toBeLessThanOrEqual(10);
    for (const document of result.policyDocuments) {
      expect(JSON.stringify(document).length).toBeLessThanOrEqual(2048);
    }
  });
});
