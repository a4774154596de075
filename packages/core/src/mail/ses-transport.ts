/** Production mail through Amazon SES v2. The SDK is loaded on first send (Lambda provides it). */
import type { MailTransport } from "./mail-service";

export interface SesOptions {
  region?: string | undefined;
  /** Another SES-compatible endpoint (tests point this at a local server). */
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The SDK's own retries per send (its default is 3); the outbox retries on later flushes. */
  maxAttempts?: number | undefined;
}

export function createSesTransport(options: SesOptions = {}): MailTransport {
  let client:
    | Promise<{ send: (message: Parameters<MailTransport["send"]>[0]) => Promise<void> }>
    | undefined;
  const load = async () => {
    const { SESv2Client, SendEmailCommand } = await import("@aws-sdk/client-sesv2");
    const ses = new SESv2Client({
      ...(options.region ? { region: options.region } : {}),
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    });
    return {
      async send(message: Parameters<MailTransport["send"]>[0]) {
        await ses.send(
          new SendEmailCommand({
            FromEmailAddress: message.from,
            Destination: { ToAddresses: [message.to] },
            Content: {
              Simple: {
                Subject: { Data: message.subject, Charset: "UTF-8" },
                Body: {
                  Text: { Data: message.text, Charset: "UTF-8" },
                  Html: { Data: message.html, Charset: "UTF-8" },
                },
                ...(message.headers
                  ? {
                      Headers: Object.entries(message.headers).map(([Name, Value]) => ({
                        Name,
                        Value,
                      })),
                    }
                  : {}),
              },
            },
          }),
        );
      },
    };
  };
  return {
    async send(message) {
      client ??= load();
      await (await client).send(message);
    },
  };
}
