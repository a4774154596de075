/**
 * Publishing to AWS IoT Core (iot-publisher.ts), against a local HTTP server standing in for the
 * account's data endpoint: the real SDK, real HTTP, real signing. What IoT would receive: one
 * POST per announcement to `/topics/<prefix>/user/<id>?qos=0` with the announcement as its JSON
 * body.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIotPublisher } from "./iot-publisher";

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string;
  body: unknown;
}

let server: Server;
let endpoint: string;
const received: Received[] = [];
/** What the stand-in answers next: IoT's 200, or a failure. */
let status = 200;

async function body(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    received.push({
      method: request.method ?? "",
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      authorization: request.headers.authorization ?? "",
      body: JSON.parse(await body(request)),
    });
    response.writeHead(status, { "content-type": "application/json" });
    response.end(status === 200 ? "{}" : JSON.stringify({ message: "Internal failure" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, "close");
});

const publisher = () =>
  createIotPublisher({
    endpoint,
    topicPrefix: "circleplan/test",
    region: "eu-west-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
  });

describe("the IoT publisher", () => {
  it("publishes a circle's version to the member's topic under the prefix, QoS 0, signed for iotdata", async () => {
    received.length = 0;
    await publisher().publish(12, { kind: "circle", circleId: 7, version: 42 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: "POST",
      path: "/topics/circleplan/test/user/12",
      body: { kind: "circle", circleId: 7, version: 42 },
    });
    expect(request?.query.get("qos")).toBe("0");
    expect(request?.authorization).toMatch(/Credential=AKIDEXAMPLE\/\d+\/eu-west-1\/iotdata\//);
  });

  it("publishes a user's announcement to their own topic, carrying no data", async () => {
    received.length = 0;
    await publisher().publish(12, { kind: "user" });
    expect(received.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: "/topics/circleplan/test/user/12", body: { kind: "user" } },
    ]);
  });

  it("a failing endpoint fails the publish (the caller logs it) after one retry", async () => {
    received.length = 0;
    status = 500;
    try {
      await expect(publisher().publish(12, { kind: "user" })).rejects.toThrow();
      expect(received).toHaveLength(2);
    } finally {
      status = 200;
    }
  });
});
