/**
 * The client address that keys per-address rate limits. Only a value a trusted proxy wrote is
 * believed (docs/decisions/006-account-security.md); everything else is the connection's own
 * address. IPv6 clients are keyed on their /64, the block one subscriber usually holds, so
 * rotating through it buys nothing.
 */
import type { ProxyTrust } from "@circleplan/core/env";
import ipaddr from "ipaddr.js";

export interface AddressSource {
  header(name: string): string | undefined;
  /** The peer of the connection as the runtime reports it (socket, Lambda sourceIp). */
  remote: string | undefined;
}

export function clientAddress(trust: ProxyTrust, source: AddressSource): string {
  // Behind CloudFront the connection's peer is CloudFront itself (or, on a request that skipped
  // it, whoever called the function URL): never a client's address.
  const fallback = trust.kind === "cloudfront" ? undefined : source.remote;
  return rateLimitKey(trustedAddress(trust, source) ?? fallback);
}

/**
 * Behind CloudFront every request carries the viewer's address, written by CloudFront itself;
 * one without it did not come through CloudFront and is refused (perimeter.ts), not keyed on
 * whatever address it came from.
 */
export function viewerAddressMissing(trust: ProxyTrust, source: AddressSource): boolean {
  return trust.kind === "cloudfront" && rateLimitKey(trustedAddress(trust, source)) === "unknown";
}

function trustedAddress(trust: ProxyTrust, source: AddressSource): string | undefined {
  if (trust.kind === "cloudfront") {
    // "ip:port", with the IPv6 address unbracketed: the port is after the last colon.
    const value = source.header("cloudfront-viewer-address")?.trim();
    if (!value) return undefined;
    const colon = value.lastIndexOf(":");
    return colon > 0 ? value.slice(0, colon) : undefined;
  }
  if (trust.kind === "hops") {
    const entries = (source.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than trusted proxies: the request did not come through them all.
    return entries.length >= trust.hops ? entries[entries.length - trust.hops] : undefined;
  }
  return undefined;
}

/** A canonical address (IPv4, or an IPv6 /64 prefix), or "unknown" for anything unparsable. */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return "unknown";
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return "unknown";
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}
