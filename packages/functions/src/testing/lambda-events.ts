/**
 * Events as AWS hands them to the functions, for the functions' tests and `pnpm smoke:lambda`:
 * a Function URL request (payload format 2.0, cookies in their own array), an SNS delivery, and
 * IoT Core's call to a custom authorizer for an MQTT connection.
 */
import type { APIGatewayProxyEventV2, IoTCustomAuthorizerEvent, SNSEvent } from "aws-lambda";

export interface FunctionUrlRequest {
  /** Sent as the Origin header of a state-changing request (the app's own origin). */
  origin: string;
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** Any other body, base64-encoded as Lambda passes binary bodies, with its type. */
  rawBody?: { contentType: string; base64: string };
  cookies?: string[];
}

export function functionUrlEvent(
  method: string,
  pathWithQuery: string,
  request: FunctionUrlRequest,
): APIGatewayProxyEventV2 {
  const [rawPath = "/", rawQueryString = ""] = pathWithQuery.split("?");
  const host = new URL(request.origin).host;
  const headers: Record<string, string> = { host, "user-agent": "circleplan-test" };
  if (method !== "GET") headers.origin = request.origin;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (request.rawBody) headers["content-type"] = request.rawBody.contentType;
  Object.assign(headers, request.headers);
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString,
    headers,
    ...(request.cookies?.length ? { cookies: request.cookies } : {}),
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: host,
      domainPrefix: host.split(".")[0] as string,
      http: {
        method,
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: "203.0.113.7",
        userAgent: "circleplan-test",
      },
      requestId: `req-${Math.random()}`,
      routeKey: "$default",
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: request.rawBody
      ? request.rawBody.base64
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body),
    isBase64Encoded: request.rawBody !== undefined,
  } as APIGatewayProxyEventV2;
}

/** An SNS delivery of these messages (each an object sent as JSON text, or text as it is). */
export function snsEvent(messages: unknown[]): SNSEvent {
  return {
    Records: messages.map((message, i) => ({
      EventSource: "aws:sns",
      EventVersion: "1.0",
      EventSubscriptionArn: "arn:aws:sns:us-east-1:123456789012:circleplan-MailEvents:sub",
      Sns: {
        Type: "Notification",
        MessageId: `m-${i}`,
        TopicArn: "arn:aws:sns:us-east-1:123456789012:circleplan-MailEvents",
        Subject: "",
        Message: typeof message === "string" ? message : JSON.stringify(message),
        Timestamp: new Date().toISOString(),
        SignatureVersion: "1",
        Signature: "",
        SigningCertUrl: "",
        UnsubscribeUrl: "",
        MessageAttributes: {},
      },
    })),
  };
}

/**
 * IoT Core asking the custom authorizer about an MQTT connection over WebSockets: the password
 * as the browser sent it, base64-encoded by IoT
 * (https://docs.aws.amazon.com/iot/latest/developerguide/custom-auth-lambda.html).
 */
export function iotConnectEvent(connection: {
  password: string;
  clientId: string;
}): IoTCustomAuthorizerEvent {
  return {
    signatureVerified: false,
    protocols: ["tls", "mqtt"],
    protocolData: {
      tls: { serverName: "example-ats.iot.us-east-1.amazonaws.com" },
      mqtt: {
        username: "",
        password: Buffer.from(connection.password).toString("base64"),
        clientId: connection.clientId,
      },
    },
    connectionMetadata: { id: "e56f08c3-c559-490f-aa9f-7e8427d0f57b" },
  };
}
