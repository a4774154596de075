/**
 * The Lambda hand-over of mail delivery over real HTTP: a local endpoint stands in for the
 * Lambda Invoke API, as a local SES endpoint does for mail.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { memoryLogger } from "@circleplan/core/log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lambdaDeliveryTrigger } from "./mail-delivery";

const invocations: { path: string; type: string | undefined }[] = [];
let failing = false;
let lambda: Server;
let endpoint = "";

beforeAll(async () => {
  lambda = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (failing) {
        res.writeHead(500, { "content-type": "application/json" }).end("{}");
        return;
      }
      invocations.push({
        path: req.url ?? "",
        type: req.headers["x-amz-invocation-type"] as string | undefined,
      });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => lambda.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => lambda.close(resolve)));

const triggerWith = (log = memoryLogger()) =>
  lambdaDeliveryTrigger({
    functionName: "circleplan-MailDelivery",
    region: "us-east-1",
    endpoint,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
    log,
  });

describe("lambdaDeliveryTrigger", () => {
  it("invokes the delivering function asynchronously and does not deliver itself", async () => {
    invocations.length = 0;
    let flushed = 0;
    await triggerWith()(async () => {
      flushed++;
    });
    expect(invocations).toEqual([
      { path: "/2015-03-31/functions/circleplan-MailDelivery/invocations", type: "Event" },
    ]);
    expect(flushed).toBe(0);
  });

  it("delivers in the request when the hand-over fails, and logs it", async () => {
    failing = true;
    try {
      const log = memoryLogger();
      let flushed = 0;
      await triggerWith(log)(async () => {
        flushed++;
      });
      expect(flushed).toBe(1);
      expect(log.lines.map((line) => line.event)).toEqual(["mail.handover_failed"]);
    } finally {
      failing = false;
    }
  });
});
