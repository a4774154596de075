/**
 * Headers on every answer, the app's HTML and static files as much as the API's JSON. The
 * Content Security Policy allows no inline script (index.html loads its theme script from a
 * file): an injected `<script>` does not run, and no other site may frame the app.
 * sst.config.ts declares the same headers for the deployed static site; `securityHeaderValues`
 * is the one list both use.
 */
import type { MiddlewareHandler } from "hono";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix and the toaster position elements with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaderValues: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), geolocation=(), microphone=(self)",
};

export function securityHeaders(options: { hsts?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaderValues)) c.header(name, value);
    if (options.hsts) c.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  };
}
