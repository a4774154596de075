/**
 * A stand-in for the browser's `webkitSpeechRecognition` that a test drives: it records how it
 * was set up and started, and the test makes it start, hear, fail and end, as a browser would.
 */
import { afterEach, beforeEach } from "vitest";
import type {
  SpeechErrorEvent,
  SpeechRecognitionLike,
  SpeechResultEvent,
} from "../use-speech-recognition";

export class FakeSpeechRecognition implements SpeechRecognitionLike {
  static created: FakeSpeechRecognition[] = [];
  /** Makes the next start() throw, as a browser that refuses the microphone outright. */
  static refuseStart = false;

  lang = "";
  continuous = false;
  interimResults = false;
  onstart: ((event: Event) => void) | null = null;
  onresult: ((event: SpeechResultEvent) => void) | null = null;
  onerror: ((event: SpeechErrorEvent) => void) | null = null;
  onend: ((event: Event) => void) | null = null;
  started = false;
  stopped = false;
  aborted = false;

  constructor() {
    FakeSpeechRecognition.created.push(this);
  }

  start(): void {
    if (FakeSpeechRecognition.refuseStart) {
      FakeSpeechRecognition.refuseStart = false;
      throw new DOMException("Permission denied", "NotAllowedError");
    }
    this.started = true;
  }

  stop(): void {
    this.stopped = true;
  }

  abort(): void {
    this.aborted = true;
  }

  /** The browser has the microphone. */
  listen(): void {
    this.onstart?.(new Event("start"));
  }

  /** What the browser has heard in this session so far: its final results, then what it is still hearing. */
  hear(finals: string[], interim = ""): void {
    const results = [
      ...finals.map((transcript) => Object.assign([{ transcript }], { isFinal: true })),
      ...(interim ? [Object.assign([{ transcript: interim }], { isFinal: false })] : []),
    ];
    this.onresult?.({ resultIndex: 0, results });
  }

  fail(code: string): void {
    this.onerror?.({ error: code });
  }

  end(): void {
    this.onend?.(new Event("end"));
  }
}

/** The newest recognizer the page made. */
export function latestRecognition(): FakeSpeechRecognition {
  const latest = FakeSpeechRecognition.created.at(-1);
  if (!latest) throw new Error("no speech recognizer was made");
  return latest;
}

type SpeechWindow = { webkitSpeechRecognition?: unknown };

/** Gives every test of the file a browser with (fake) speech recognition. */
export function installFakeSpeechRecognition(): void {
  beforeEach(() => {
    FakeSpeechRecognition.created = [];
    FakeSpeechRecognition.refuseStart = false;
    (window as SpeechWindow).webkitSpeechRecognition = FakeSpeechRecognition;
  });
  afterEach(() => {
    delete (window as SpeechWindow).webkitSpeechRecognition;
  });
}
