/**
 * Headers on every answer, the app's HTML and static files as much as the API's JSON. The
 * Content Security Policy allows no inline script (index.html loads its theme script from a
 * file): an injected `<script>` does not run, and no other site may frame the app.
 * sst.config.ts declares the same headers for the deployed static site; `securityHeaderValues`
 * is the one list both use.
 */
import type { MiddlewareHandler } from "hono";

/**
 * `storageOrigins`: the file bucket's origins in production, which the browser reaches besides
 * our own: it receives the web app's direct uploads (docs/decisions/008), and the photo route
 * redirects images to presigned links there (core/storage/downloads.ts).
 */
export const contentSecurityPolicy = (storageOrigins: readonly string[] = []) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // Radix and the toaster position elements with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...storageOrigins].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...storageOrigins].join(" "),
    "frame-src 'self'",
    // The service worker (/sw.js: offline screen, push) and the web app manifest: our own files
    // only. Both would fall back to default-src; named so a tightened default keeps them.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

export const securityHeaderValues = (
  storageOrigins: readonly string[] = [],
): Record<string, string> => ({
  "content-security-policy": contentSecurityPolicy(storageOrigins),
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), geolocation=(), microphone=(self)",
});

export function securityHeaders(options: { hsts?: boolean } = {}): MiddlewareHandler {
  // The API's own answers never upload anywhere: 'self' only.
  const headers = securityHeaderValues();
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    if (options.hsts) c.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  };
}
