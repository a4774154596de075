/**
 * Where speech recognition runs, and the timings of plans spec section 9 that depend on it:
 * en-US, continuous, with interim results; a mobile browser waits before starting (500 ms on
 * iOS Safari, 100 ms on other phones and tablets) for the microphone to be handed over; on a
 * desktop, recognition the browser aborted on its own restarts after 300 ms.
 */

export const SPEECH_LANG = "en-US";
export const IOS_SAFARI_START_DELAY_MS = 500;
export const MOBILE_START_DELAY_MS = 100;
export const ABORT_RESTART_DELAY_MS = 300;

export interface VoicePlatform {
  ios: boolean;
  safari: boolean;
  mobile: boolean;
}

/** Reads the platform from the browser's user agent (and iPadOS, which says it is a Mac). */
export function voicePlatform(
  nav: Pick<Navigator, "userAgent" | "maxTouchPoints"> = navigator,
): VoicePlatform {
  const agent = nav.userAgent;
  const ios = /iPad|iPhone|iPod/.test(agent) || (/Macintosh/.test(agent) && nav.maxTouchPoints > 1);
  // Every iOS browser is WebKit, but only Safari says nothing but "Safari".
  const safari =
    /Safari\//.test(agent) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA|OPR|Android/.test(agent);
  const mobile = ios || /Android|Mobile/i.test(agent);
  return { ios, safari, mobile };
}

export function startDelayMs(platform: VoicePlatform): number {
  if (!platform.mobile) return 0;
  return platform.ios && platform.safari ? IOS_SAFARI_START_DELAY_MS : MOBILE_START_DELAY_MS;
}

/** A browser-aborted recognition is restarted only on a desktop; a phone aborts for a reason. */
export function restartsAfterAbort(platform: VoicePlatform): boolean {
  return !platform.mobile;
}
