/**
 * How a body over its route's size is refused: with a 413 that the client, still sending it,
 * can read. A browser writes the whole body before it reads the answer; a server that answers
 * early and closes makes the browser's system reset the connection, which throws the answer
 * away unread ("network error" instead of "File too large"). So the rest of a refused body is
 * read and dropped first, up to a bound, and the connection stays open for the next request.
 * Two exceptions answer at once and close: a client that asked `Expect: 100-continue` (it
 * sends nothing until invited; listen.ts invites only bodies within the limit), and a body
 * declared larger than the bound (reading it all would be work without end).
 */
import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors";

/** Past this much, a refused body is not read on: several times the largest upload we take. */
export const REFUSED_BODY_READ_MAX_BYTES = 32 * 1024 * 1024;

export function limitBody(options: { maxBytes: number; message: string }): MiddlewareHandler {
  const { maxBytes, message } = options;
  return async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const refuse = (bodyReadWhole: boolean) =>
      c.json(
        errorBody(message, "PAYLOAD_TOO_LARGE"),
        413,
        bodyReadWhole ? {} : { connection: "close" },
      );
    const declared = request.headers.has("transfer-encoding")
      ? null
      : request.headers.get("content-length");
    if (declared !== null) {
      const length = Number(declared);
      if (!(length > maxBytes)) return next();
      if (expectsContinue(request) || length > REFUSED_BODY_READ_MAX_BYTES) return refuse(false);
      return refuse(await readToEnd(request.body.getReader(), REFUSED_BODY_READ_MAX_BYTES));
    }
    // No length declared (chunked): counted as it arrives, and handed on whole.
    const reader = request.body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        return refuse(await readToEnd(reader, REFUSED_BODY_READ_MAX_BYTES - size));
      }
      parts.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      body.set(part, offset);
      offset += part.byteLength;
    }
    c.req.raw = new Request(request, { body });
    return next();
  };
}

function expectsContinue(request: Request): boolean {
  return /\b100-continue\b/i.test(request.headers.get("expect") ?? "");
}

/**
 * Reads and drops the rest of a body, at most `budget` bytes more: whether it reached the end.
 * Past the budget the stream is left as it is (cancelling it would drop the connection before
 * the answer is written); the answer then closes the connection.
 */
async function readToEnd(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
): Promise<boolean> {
  let left = budget;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    left -= value.byteLength;
    if (left < 0) return false;
  }
}
