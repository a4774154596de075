/**
 * An HTTP/1.1 client over a bare socket that behaves as a browser uploading a file does: it
 * writes the whole request body before it reads a byte of the answer (an answer that arrived
 * meanwhile waits in the socket). A server that answers early and then closes its side while
 * the body still arrives makes the client's system reset the connection, and the reset throws
 * away the answer waiting unread: this client then reports the reset, as a browser reports a
 * network error. With `expect`, it sends `Expect: 100-continue` and writes the body only once
 * the server invites it.
 */
import { once } from "node:events";
import net from "node:net";

export interface SendingClientRequest {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** How many bytes of body to send (all "a"). */
  size: number;
  /** A Content-Length, or chunked transfer encoding. */
  framing?: "length" | "chunked";
  expect?: boolean;
}

export interface SendingClientAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes written before the client read the answer. */
  written: number;
  /** Whether the server sent 100 Continue. */
  continued: boolean;
}

const CHUNK = 64 * 1024;

export async function sendWholeBody(request: SendingClientRequest): Promise<SendingClientAnswer> {
  const socket = net.connect({ host: "127.0.0.1", port: request.port });
  await once(socket, "connect");
  socket.pause();
  const received: Buffer[] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: () => void = () => {};
  socket.on("data", (part: Buffer) => {
    received.push(part);
    wake();
  });
  socket.on("end", () => {
    ended = true;
    wake();
  });
  socket.on("error", (error) => {
    failure = error;
    wake();
  });
  const nextEvent = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  /** Reads until `done(bytes so far)` holds; throws the reset, or an early close. */
  const readUntil = async (done: (bytes: Buffer) => boolean): Promise<Buffer> => {
    socket.resume();
    for (;;) {
      const bytes = Buffer.concat(received);
      if (done(bytes)) {
        socket.pause();
        return bytes;
      }
      if (failure) throw failure;
      if (ended) throw new Error(`connection closed after ${bytes.length} bytes of answer`);
      await nextEvent();
    }
  };

  const chunked = request.framing === "chunked";
  const head = [
    `POST ${request.path} HTTP/1.1`,
    "host: 127.0.0.1",
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    chunked ? "transfer-encoding: chunked" : `content-length: ${request.size}`,
    ...(request.expect ? ["expect: 100-continue"] : []),
  ];
  socket.write(`${head.join("\r\n")}\r\n\r\n`);

  let continued = false;
  if (request.expect) {
    const first = await readUntil((bytes) => bytes.includes("\r\n\r\n"));
    continued = first.toString("latin1").startsWith("HTTP/1.1 100");
    if (continued)
      received.splice(0, received.length, first.subarray(first.indexOf("\r\n\r\n") + 4));
  }

  let written = 0;
  if (!request.expect || continued) {
    const chunk = Buffer.alloc(CHUNK, 0x61);
    while (written < request.size && !failure) {
      const part = chunk.subarray(0, Math.min(CHUNK, request.size - written));
      const framed = chunked
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")])
        : part;
      written += part.length;
      if (!socket.write(framed)) await Promise.race([once(socket, "drain"), nextEvent()]);
    }
    if (chunked && !failure) socket.write("0\r\n\r\n");
  }

  const bytes = await readUntil((so) => {
    const end = so.indexOf("\r\n\r\n");
    if (end < 0) return false;
    const length = /\r\ncontent-length: *(\d+)/i.exec(so.subarray(0, end).toString("latin1"));
    return so.length >= end + 4 + Number(length?.[1] ?? Number.POSITIVE_INFINITY);
  });
  socket.destroy();
  const end = bytes.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: bytes.subarray(end + 4).toString("utf8"),
    written,
    continued,
  };
}
