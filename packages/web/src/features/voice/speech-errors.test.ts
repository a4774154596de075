import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { INSECURE_CONTEXT, speechErrorAdvice } from "./speech-errors";
import type { VoicePlatform } from "./voice-platform";

const CHROME: VoicePlatform = { ios: false, safari: false, mobile: false };
const MAC_SAFARI: VoicePlatform = { ios: false, safari: true, mobile: false };
const IOS_SAFARI: VoicePlatform = { ios: true, safari: true, mobile: true };

describe("speech errors and their advice (plans spec, section 8)", () => {
  it("says the spec's words for a denied microphone, with each browser's own steps", () => {
    const advice = speechErrorAdvice("not-allowed", CHROME);
    expect(advice.toast).toEqual({
      title: "Microphone permission denied. Please allow access in your browser settings.",
    });
    expect(advice.hint).toMatch(/address bar/);
    expect(speechErrorAdvice("not-allowed", MAC_SAFARI).hint).toMatch(/Settings for This Website/);
    expect(speechErrorAdvice("not-allowed", IOS_SAFARI).hint).toMatch(/Apps, Safari, Microphone/);
  });

  it("names each problem the spec lists", () => {
    const titles = [
      "no-speech",
      "audio-capture",
      "network",
      "service-not-allowed",
      "aborted",
      INSECURE_CONTEXT,
    ].map((code) => speechErrorAdvice(code, CHROME).title);
    expect(titles).toEqual([
      "No speech detected",
      "Microphone not found",
      "Network error",
      "Speech service not available",
      "Recording stopped",
      "HTTPS required",
    ]);
    expect(speechErrorAdvice("no-speech", CHROME).toast).toEqual({
      title: messages.noSpeechDetected,
    });
    // Shown before anything is tried: no toast on top of it.
    expect(speechErrorAdvice(INSECURE_CONTEXT, CHROME).toast).toBeNull();
  });

  it("points Safari at Siri when its speech service is off", () => {
    expect(speechErrorAdvice("service-not-allowed", MAC_SAFARI).hint).toMatch(/Siri/);
    expect(speechErrorAdvice("service-not-allowed", CHROME).hint).toMatch(/Chrome or Edge/);
  });

  it("says 'Error: {code}' for a code it has no advice for", () => {
    const advice = speechErrorAdvice("bad-grammar", CHROME);
    expect(advice.title).toBe("Error: bad-grammar");
    expect(advice.toast).toEqual({ title: "Error: bad-grammar" });
    expect(speechErrorAdvice("network", CHROME).toast?.title).toBe("Error: network");
  });
});
