/** Production mail through Amazon SES v2. The SDK is loaded on first send (Lambda provides it). */
import type { MailTransport } from "./mail-service";

export function createSesTransport(region: string | undefined): MailTransport {
  let client:
    | Promise<{ send: (message: Parameters<MailTransport["send"]>[0]) => Promise<void> }>
    | undefined;
  const load = async () => {
    const { SESv2Client, SendEmailCommand } = await import("@aws-sdk/client-sesv2");
    const ses = new SESv2Client(region ? { region } : {});
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
