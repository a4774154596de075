/**
 * "Chrome on Linux" from a User-Agent header, for the signed-in sessions list. Deliberately
 * small: a person only needs to recognise their devices, so the common browsers and systems
 * are named and everything else says so; no version numbers, no device models.
 */

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

// iPhones and iPads also say "like Mac OS X", and Android says "Linux".
const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string | null | undefined): string {
  const browser = userAgent ? firstMatch(userAgent, BROWSERS) : null;
  const system = userAgent ? firstMatch(userAgent, SYSTEMS) : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return "Unknown device";
}
