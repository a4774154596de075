import { EventEmitter } from "node:events";
import type { LiveConnection } from "@circleplan/shared/live-protocol";
import type { IClientOptions, MqttClient } from "mqtt";
import { describe, expect, it, vi } from "vitest";
import type { TransportEvents } from "./live-channel";
import { type ConnectMqtt, mqttUrl, openMqtt } from "./mqtt-transport";

const connection = {
  transport: "mqtt",
  url: "wss://example-ats.iot.eu-west-1.amazonaws.com/mqtt",
  authorizer: "circleplan-test-live",
  token: "short-lived-token",
  clientId: "live-42-abc",
  topics: ["circleplan/test/circle/7", "circleplan/test/user/42"],
  expiresAt: "2026-11-27T12:00:00.000Z",
} satisfies LiveConnection;

/** What the transport does with an MQTT client, on a stand-in the test drives. */
function fakeClient(grantedQos = 0) {
  const client = Object.assign(new EventEmitter(), {
    subscribe: vi.fn(
      (
        _topics: string[],
        _options: unknown,
        done: (e: Error | null, g: { qos: number }[]) => void,
      ) =>
        queueMicrotask(() =>
          done(
            null,
            connection.topics.map(() => ({ qos: grantedQos })),
          ),
        ),
    ),
    end: vi.fn(),
  });
  const calls: { url: string; options: IClientOptions }[] = [];
  const connect: ConnectMqtt = (url, options) => {
    calls.push({ url, options });
    return client as unknown as MqttClient;
  };
  return { client, calls, connect };
}

function events() {
  return { open: vi.fn(), announcement: vi.fn(), closed: vi.fn() } satisfies TransportEvents;
}

describe("the MQTT transport (AWS IoT Core)", () => {
  it("connects through the custom authorizer with the token as the password, and never reconnects by itself", () => {
    const fake = fakeClient();
    openMqtt(connection, events(), fake.connect);
    expect(fake.calls[0]?.url).toBe(mqttUrl(connection));
    expect(new URL(mqttUrl(connection)).searchParams.get("x-amz-customauthorizer-name")).toBe(
      "circleplan-test-live",
    );
    expect(fake.calls[0]?.options).toMatchObject({
      protocolVersion: 5,
      clientId: "live-42-abc",
      username: "",
      password: "short-lived-token",
      reconnectPeriod: 0,
    });
  });

  it("is open once its topics are subscribed, and passes on announcements", async () => {
    const fake = fakeClient();
    const seen = events();
    openMqtt(connection, seen, fake.connect);
    fake.client.emit("connect");
    expect(fake.client.subscribe).toHaveBeenCalledWith(
      connection.topics,
      { qos: 0 },
      expect.any(Function),
    );
    await vi.waitFor(() => expect(seen.open).toHaveBeenCalledTimes(1));

    fake.client.emit(
      "message",
      connection.topics[0],
      new TextEncoder().encode('{"kind":"circle","circleId":7,"version":9}'),
    );
    fake.client.emit("message", connection.topics[0], new TextEncoder().encode("garbage"));
    expect(seen.announcement).toHaveBeenCalledTimes(1);
    expect(seen.announcement).toHaveBeenCalledWith({ kind: "circle", circleId: 7, version: 9 });
  });

  it("gives up when the authorizer refuses a topic", async () => {
    const fake = fakeClient(0x87);
    const seen = events();
    openMqtt(connection, seen, fake.connect);
    fake.client.emit("connect");
    await vi.waitFor(() => expect(seen.closed).toHaveBeenCalledTimes(1));
    expect(seen.open).not.toHaveBeenCalled();
    expect(fake.client.end).toHaveBeenCalledWith(true);
  });

  it("reports a close or an error once", () => {
    const fake = fakeClient();
    const seen = events();
    openMqtt(connection, seen, fake.connect);
    fake.client.emit("error", new Error("Not authorized"));
    fake.client.emit("close");
    expect(seen.closed).toHaveBeenCalledTimes(1);
  });

  it("says nothing more once closed by the channel", () => {
    const fake = fakeClient();
    const seen = events();
    const transport = openMqtt(connection, seen, fake.connect);
    transport.close();
    fake.client.emit("close");
    fake.client.emit("message", connection.topics[0], new TextEncoder().encode('{"kind":"user"}'));
    expect(fake.client.end).toHaveBeenCalledWith(true);
    expect(seen.closed).not.toHaveBeenCalled();
    expect(seen.announcement).not.toHaveBeenCalled();
  });
});
