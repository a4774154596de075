/**
 * Live sync on AWS (docs/decisions/018-live-sync.md, "AWS"): each announcement published to its
 * user's topic on AWS IoT Core's data endpoint (QoS 0: a screen that misses one catches up on
 * its next version check or reconnect), one HTTPS request each. The SDK is loaded on first use.
 */
import type { LivePublisher } from "./live-publisher";
import { userTopicOf } from "./topics";

export interface IotPublisherOptions {
  /** The data endpoint as a URL: `https://<id>-ats.iot.<region>.amazonaws.com` (tests: a local one). */
  endpoint: string;
  topicPrefix: string;
  region?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * A publish waits at most this long, tried twice: the request that announces has already
 * committed and waits for nothing else, so a slow endpoint costs it little and loses only the
 * announcement.
 */
const PUBLISH_TIMEOUT_MS = 2000;

export function createIotPublisher(options: IotPublisherOptions): LivePublisher {
  let client: Promise<(topic: string, payload: Uint8Array) => Promise<void>> | undefined;
  const load = async () => {
    const { IoTDataPlaneClient, PublishCommand } = await import("@aws-sdk/client-iot-data-plane");
    const iot = new IoTDataPlaneClient({
      endpoint: options.endpoint,
      ...(options.region ? { region: options.region } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: PUBLISH_TIMEOUT_MS,
        requestTimeout: PUBLISH_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
    return async (topic: string, payload: Uint8Array) => {
      await iot.send(new PublishCommand({ topic, payload, qos: 0 }));
    };
  };
  const encoder = new TextEncoder();
  return {
    async publish(userId, announcement) {
      client ??= load().catch((error: unknown) => {
        client = undefined;
        throw error;
      });
      const send = await client;
      const topic = userTopicOf(options.topicPrefix, userId);
      await send(topic, encoder.encode(JSON.stringify(announcement)));
    },
  };
}
