/**
 * What a speech recognition error means to the person and what to do about it (plans spec,
 * section 8): microphone denied, no speech detected, microphone not found, network error,
 * service not available, HTTPS required, with Safari's own steps where they differ. The
 * browser's codes are the Web Speech API's; "insecure-context" is ours, for a page the browser
 * will not give the microphone to.
 */
import { messages } from "@circleplan/shared/messages";
import type { VoicePlatform } from "./voice-platform";

export const INSECURE_CONTEXT = "insecure-context";

export interface SpeechAdvice {
  title: string;
  message: string;
  /** The steps for this browser, when they help (Safari hides them in other places). */
  hint: string | null;
  /** The toast said when it happens; none for what the dialog shows before anything is tried. */
  toast: { title: string; description?: string } | null;
}

export function speechErrorAdvice(code: string, platform: VoicePlatform): SpeechAdvice {
  const safari = platform.safari;
  const iosSafari = platform.ios && safari;
  switch (code) {
    case "not-allowed": {
      const message = "Microphone permission denied. Please allow access in your browser settings.";
      return {
        title: "Microphone access denied",
        message,
        hint: iosSafari
          ? "On iPhone or iPad: open Settings, then Apps, Safari, Microphone, and choose Allow. Then reload this page."
          : safari
            ? "In Safari: choose Safari, Settings for This Website, and set Microphone to Allow."
            : "Select the icon at the start of the address bar, allow the microphone, then try again.",
        toast: { title: message },
      };
    }
    case "service-not-allowed":
      return {
        title: "Speech service not available",
        message: "This browser's speech recognition service is not available right now.",
        hint: safari
          ? "Safari hears speech through Siri: turn on Siri and Dictation in your device's settings, then try again."
          : "Try again, or use Chrome or Edge.",
        toast: advised(code, "This browser's speech recognition service is not available."),
      };
    case "no-speech":
      return {
        title: "No speech detected",
        message: "Please try again and speak clearly into your microphone.",
        hint: null,
        toast: { title: messages.noSpeechDetected },
      };
    case "audio-capture":
      return {
        title: "Microphone not found",
        message:
          "No microphone was found. Check that one is connected and not in use by another app.",
        hint: iosSafari ? "Close other apps that are using the microphone, then try again." : null,
        toast: advised(code, "No microphone was found."),
      };
    case "network":
      return {
        title: "Network error",
        message: "Speech recognition needs the internet. Check your connection and try again.",
        hint: null,
        toast: advised(code, "Speech recognition could not reach its service."),
      };
    case "aborted":
      return {
        title: "Recording stopped",
        message: "Recording was interrupted. Tap the microphone to try again.",
        hint: iosSafari ? "Safari stops listening when you switch apps or the screen locks." : null,
        toast: advised(code, "Recording was interrupted."),
      };
    case INSECURE_CONTEXT:
      return {
        title: "HTTPS required",
        message:
          "Voice input works only on a secure (https) page. Open the app's https address, or switch to manual entry.",
        hint: null,
        toast: null,
      };
    default:
      return {
        title: `Error: ${code}`,
        message: "Speech recognition failed. Please try again, or switch to manual entry.",
        hint: null,
        toast: { title: `Error: ${code}` },
      };
  }
}

/** The spec's 'Error: {code}' toast, with what it means. */
function advised(code: string, description: string): { title: string; description: string } {
  return { title: `Error: ${code}`, description };
}
