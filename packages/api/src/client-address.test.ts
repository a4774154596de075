import { describe, expect, it } from "vitest";
import { clientAddress, rateLimitKey, viewerAddressMissing } from "./client-address";

const source = (headers: Record<string, string>, remote = "10.0.0.9") => ({
  header: (name: string) => headers[name],
  remote,
});

describe("clientAddress", () => {
  it("ignores forwarding headers unless a proxy is trusted", () => {
    const forged = { "x-forwarded-for": "1.2.3.4", "cloudfront-viewer-address": "5.6.7.8:443" };
    expect(clientAddress({ kind: "none" }, source(forged))).toBe("10.0.0.9");
  });

  it("takes the entry the trusted proxy appended, counting from the right", () => {
    const headers = { "x-forwarded-for": "6.6.6.6, 7.7.7.7, 203.0.113.5" };
    expect(clientAddress({ kind: "hops", hops: 1 }, source(headers))).toBe("203.0.113.5");
    expect(clientAddress({ kind: "hops", hops: 2 }, source(headers))).toBe("7.7.7.7");
  });

  it("falls back to the connection when the chain is shorter than the trusted hops", () => {
    const headers = { "x-forwarded-for": "203.0.113.5" };
    expect(clientAddress({ kind: "hops", hops: 2 }, source(headers))).toBe("10.0.0.9");
    expect(clientAddress({ kind: "hops", hops: 1 }, source({}))).toBe("10.0.0.9");
  });

  it("reads CloudFront's own viewer header, IPv4 and IPv6, and never X-Forwarded-For", () => {
    const v4 = { "cloudfront-viewer-address": "198.51.100.7:51234", "x-forwarded-for": "1.1.1.1" };
    expect(clientAddress({ kind: "cloudfront" }, source(v4))).toBe("198.51.100.7");
    const v6 = { "cloudfront-viewer-address": "2406:2d40:728d:fa10::c4a:42838" };
    expect(clientAddress({ kind: "cloudfront" }, source(v6))).toBe("2406:2d40:728d:fa10::/64");
    expect(clientAddress({ kind: "cloudfront" }, source({ "x-forwarded-for": "1.1.1.1" }))).toBe(
      "unknown",
    );
  });
});

describe("viewerAddressMissing", () => {
  it("behind CloudFront, fails closed when the viewer header is absent or no address", () => {
    const cloudfront = { kind: "cloudfront" } as const;
    expect(viewerAddressMissing(cloudfront, source({}))).toBe(true);
    expect(
      viewerAddressMissing(cloudfront, source({ "cloudfront-viewer-address": "junk:1" })),
    ).toBe(true);
    expect(
      viewerAddressMissing(cloudfront, source({ "cloudfront-viewer-address": "198.51.100.7:443" })),
    ).toBe(false);
    // Without a CDN in front, the connection's own address is the client's.
    expect(viewerAddressMissing({ kind: "none" }, source({}))).toBe(false);
    expect(viewerAddressMissing({ kind: "hops", hops: 1 }, source({}))).toBe(false);
  });
});

describe("rateLimitKey", () => {
  it("keys IPv6 on its /64 and unwraps IPv4-mapped addresses", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("answers unknown for anything that is not an address", () => {
    for (const junk of [
      undefined,
      "",
      "not-an-ip",
      "1.2.3.4.5",
      "x".repeat(3000),
      "1.2.3.4\u0000",
    ]) {
      expect(rateLimitKey(junk)).toBe("unknown");
    }
  });
});
