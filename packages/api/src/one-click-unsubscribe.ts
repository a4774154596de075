/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` as a form to
 * the List-Unsubscribe address, with no Origin and no cookies, so this route is mounted before
 * the perimeter's Origin check and JSON-only body rule. That is safe because nothing here rides
 * on ambient credentials: no cookie or session is read, and the signed token in the address is
 * the whole authority. A page elsewhere can only post a token it already holds (it could use it
 * as well itself), the effect is only ever to turn mail off, and the answer says nothing.
 * Without `?token=` this is the web page's JSON call to the same path (the REST door).
 */
import type { CoreDeps } from "@circleplan/core/deps";
import { unsubscribe } from "@circleplan/core/notifications/preferences";
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { unsubscribeInput } from "@circleplan/shared/notification-schemas";
import type { Context as HonoContext } from "hono";
import type { App } from "./app";
import { limitBody } from "./body-limit";
import { errorBody } from "./errors";

const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/notifications/unsubscribe";
/** `List-Unsubscribe=One-Click` and a multipart frame around it fit many times over. */
const ONE_CLICK_BODY_MAX_BYTES = 4096;

export function mountOneClickUnsubscribe(
  app: App,
  options: { deps: CoreDeps; clientIp: (c: HonoContext) => string },
): void {
  const { deps, clientIp } = options;
  app.post(ONE_CLICK_UNSUBSCRIBE_PATH, async (c, next) => {
    const token = c.req.query("token");
    if (token === undefined) return next();
    c.header("cache-control", "no-store");
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
      return c.json(errorBody(notificationMessages.oneClickFormRequired, "BAD_REQUEST"), 400);
    }
    const readForm = limitBody({
      maxBytes: ONE_CLICK_BODY_MAX_BYTES,
      message: messages.bodyTooLarge,
    });
    return readForm(c, async () => {
      const form = await c.req.parseBody().catch(() => null);
      if (form?.["List-Unsubscribe"] !== "One-Click") {
        c.res = c.json(errorBody(notificationMessages.oneClickFormRequired, "BAD_REQUEST"), 400);
        return;
      }
      const input = unsubscribeInput.safeParse({ token });
      if (!input.success) {
        c.res = c.json(errorBody(notificationMessages.unsubscribeInvalid, "BAD_REQUEST"), 400);
        return;
      }
      const caller = {
        userId: null,
        sessionId: null,
        ip: clientIp(c),
        requestId: c.get("requestId"),
      };
      await unsubscribe({ deps, caller, input: input.data });
      // Mail clients read only the status: no page, no redirect (RFC 8058 section 3.2).
      c.res = c.body(null, 200);
    });
  });
}
