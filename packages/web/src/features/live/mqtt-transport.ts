/**
 * The channel on AWS: IoT Core's MQTT over a secure WebSocket, through the custom authorizer
 * `live.connect` names, which checks the short-lived token (the MQTT password) and allows only
 * the caller's topics. Downloaded only when the server answers `transport: "mqtt"`
 * (open-transport.ts): the MQTT client is ~100 kB gzipped, kept out of every first screen.
 */
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { parseAnnouncement } from "./announcement";
import type { ChannelConnection, LiveTransport, TransportEvents } from "./live-channel";

type MqttConnection = Extract<ChannelConnection, { transport: "mqtt" }>;
export type ConnectMqtt = (url: string, options: IClientOptions) => MqttClient;

/** The endpoint's address with the authorizer named the way IoT Core reads it. */
export function mqttUrl(connection: MqttConnection): string {
  const address = new URL(connection.url);
  address.searchParams.set("x-amz-customauthorizer-name", connection.authorizer);
  return address.toString();
}

export function openMqtt(
  connection: MqttConnection,
  events: TransportEvents,
  connect: ConnectMqtt = mqtt.connect,
): LiveTransport {
  const client = connect(mqttUrl(connection), {
    protocolVersion: 5,
    clientId: connection.clientId,
    // The authorizer reads the token from the password; the user name stays empty.
    username: "",
    password: connection.token,
    // The channel decides when to come back (backoff, a fresh token), never the library.
    reconnectPeriod: 0,
    connectTimeout: 15_000,
    clean: true,
  });
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    client.end(true);
    events.closed();
  };
  client.on("connect", () => {
    client.subscribe(connection.topics, { qos: 0 }, (error, granted) => {
      if (done) return;
      // A topic the authorizer refused comes back with a failure reason code (≥ 0x80).
      if (error || granted?.some((grant) => grant.qos >= 0x80)) finish();
      else events.open();
    });
  });
  client.on("message", (_topic, payload) => {
    if (done) return;
    const announcement = parseAnnouncement(new TextDecoder().decode(payload));
    if (announcement) events.announcement(announcement);
  });
  client.on("close", finish);
  client.on("error", finish);
  return {
    close() {
      done = true;
      client.end(true);
    },
  };
}
