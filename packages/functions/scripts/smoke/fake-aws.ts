/**
 * Stand-ins for the AWS APIs the functions call over HTTP, on a loopback port: SES v2's
 * SendEmail and Lambda's Invoke. The SDK reaches them through AWS_ENDPOINT_URL_SESV2 and
 * AWS_ENDPOINT_URL_LAMBDA, its own configuration; the app is not told.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAws {
  endpoint: string;
  mails: () => { to: string[]; subject: string; text: string }[];
  invocations: () => Recorded[];
  close(): Promise<void>;
}

export async function startFakeAws(): Promise<FakeAws> {
  const received: Recorded[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.url === "/v2/email/outbound-emails") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ MessageId: `smoke-${received.length}` }));
      } else if (/^\/2015-03-31\/functions\/[^/]+\/invocations/.test(req.url ?? "")) {
        res.writeHead(202).end();
      } else {
        res.writeHead(404, { "content-type": "application/json" }).end("{}");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    mails: () =>
      received
        .filter((r) => r.path === "/v2/email/outbound-emails")
        .map((r) => {
          const sent = JSON.parse(r.body) as {
            Destination: { ToAddresses: string[] };
            Content: { Simple: { Subject: { Data: string }; Body: { Text: { Data: string } } } };
          };
          return {
            to: sent.Destination.ToAddresses,
            subject: sent.Content.Simple.Subject.Data,
            text: sent.Content.Simple.Body.Text.Data,
          };
        }),
    invocations: () => received.filter((r) => r.path.startsWith("/2015-03-31/functions/")),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
