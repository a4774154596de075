/**
 * The browser's speech recognition (Web Speech API: `SpeechRecognition`, or
 * `webkitSpeechRecognition` in Chrome, Edge and Safari) as React state: idle, listening,
 * ended, error (plans spec, section 4), the words heard so far, and the words still being heard.
 * Settings and timings are plans spec section 9's (voice-platform.ts).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import {
  ABORT_RESTART_DELAY_MS,
  restartsAfterAbort,
  SPEECH_LANG,
  startDelayMs,
  type VoicePlatform,
} from "./voice-platform";

/** The part of the Web Speech API used here: TypeScript's DOM library does not declare it. */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onstart: ((event: Event) => void) | null;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: SpeechErrorEvent) => void) | null;
  onend: ((event: Event) => void) | null;
}

export interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

export interface SpeechErrorEvent {
  error: string;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

type SpeechWindow = {
  SpeechRecognition?: SpeechRecognitionConstructor;
  webkitSpeechRecognition?: SpeechRecognitionConstructor;
};

/** The browser's recognizer, or null where there is none (Firefox). */
export function speechRecognitionConstructor(
  scope: SpeechWindow = window as unknown as SpeechWindow,
): SpeechRecognitionConstructor | null {
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

export type RecognitionState = "idle" | "listening" | "ended" | "error";

export interface RecognitionCallbacks {
  /** Listening stopped, asked or not: everything heard, final and interim alike. */
  onEnded(transcript: string): void;
  /** The browser gave up with an error code (not-allowed, no-speech, network…). */
  onError(code: string, transcript: string): void;
}

export interface SpeechRecognitionControls {
  supported: boolean;
  state: RecognitionState;
  /** The words the browser is sure of. */
  transcript: string;
  /** The words it is still hearing, which may change. */
  interim: string;
  /** Starts listening afresh; rejects when the browser refuses to start. */
  start(): Promise<void>;
  /** Stops listening: the last words arrive, then onEnded. */
  stop(): void;
  /** Stops without a word more and forgets what was heard. */
  cancel(): void;
}

const words = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export function useSpeechRecognition(
  platform: VoicePlatform,
  callbacks: RecognitionCallbacks,
): SpeechRecognitionControls {
  const [Recognition] = useState(() => speechRecognitionConstructor());
  const [state, setState] = useState<RecognitionState>("idle");
  const [transcript, setTranscript] = useState("");
  const [interim, setInterim] = useState("");

  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  // The recognizer of this recording; events of any other (an old, aborted one) are ignored.
  const current = useRef<SpeechRecognitionLike | null>(null);
  // Bumped by cancel and by each start, so a start still waiting out its delay knows to give up.
  const run = useRef(0);
  // What earlier sessions of this recording heard (a restart after an abort begins a new one).
  const heard = useRef("");
  const stopAsked = useRef(false);
  const restartTimer = useRef<number | undefined>(undefined);

  const finish = useCallback((failure: string | null) => {
    current.current = null;
    setInterim("");
    const said = heard.current;
    if (failure) {
      setState("error");
      latest.current.onError(failure, said);
    } else {
      setState("ended");
      latest.current.onEnded(said);
    }
  }, []);

  const begin = useCallback(
    (thisRun: number) => {
      if (!Recognition || run.current !== thisRun) return;
      const recognition = new Recognition();
      recognition.lang = SPEECH_LANG;
      recognition.continuous = true;
      recognition.interimResults = true;
      let sessionFinal = "";
      let sessionInterim = "";
      let failure: string | null = null;
      let restart = false;
      const mine = () => current.current === recognition;

      recognition.onstart = () => {
        if (mine()) setState("listening");
      };
      recognition.onresult = (event) => {
        if (!mine()) return;
        const finals: string[] = [];
        const pending: string[] = [];
        for (let index = 0; index < event.results.length; index += 1) {
          const result = event.results[index];
          const text = result?.[0]?.transcript ?? "";
          (result?.isFinal ? finals : pending).push(text);
        }
        sessionFinal = words(...finals);
        sessionInterim = words(...pending);
        setTranscript(words(heard.current, sessionFinal));
        setInterim(sessionInterim);
      };
      recognition.onerror = (event) => {
        if (!mine()) return;
        if (event.error === "aborted" && !stopAsked.current && restartsAfterAbort(platform)) {
          restart = true;
          return;
        }
        failure = event.error;
      };
      recognition.onend = () => {
        if (!mine()) return;
        // Words still being heard when it ended are kept: Safari often never marks them final.
        heard.current = words(heard.current, sessionFinal, sessionInterim);
        setTranscript(heard.current);
        setInterim("");
        if (restart) {
          // Between the abort and the restart there is no recognizer to stop.
          current.current = null;
          restartTimer.current = window.setTimeout(() => {
            try {
              begin(thisRun);
            } catch {
              finish("aborted");
            }
          }, ABORT_RESTART_DELAY_MS);
          return;
        }
        finish(failure);
      };
      current.current = recognition;
      recognition.start();
    },
    [Recognition, platform, finish],
  );

  const cancel = useCallback(() => {
    run.current += 1;
    window.clearTimeout(restartTimer.current);
    const recognition = current.current;
    current.current = null;
    recognition?.abort();
    heard.current = "";
    setTranscript("");
    setInterim("");
    setState("idle");
  }, []);

  const start = useCallback(async () => {
    cancel();
    const thisRun = run.current;
    stopAsked.current = false;
    const delay = startDelayMs(platform);
    // A phone hands the microphone over a moment after the tap (spec section 9).
    if (delay > 0) await wait(delay);
    if (run.current !== thisRun) return;
    try {
      begin(thisRun);
    } catch (error) {
      current.current = null;
      throw error;
    }
  }, [cancel, begin, platform]);

  const stop = useCallback(() => {
    stopAsked.current = true;
    const recognition = current.current;
    if (recognition) {
      recognition.stop();
      return;
    }
    // Stopped before the recognizer began (a phone's delay) or between an abort and its restart
    // (which then never begins).
    run.current += 1;
    window.clearTimeout(restartTimer.current);
    finish(null);
  }, [finish]);

  useEffect(
    () => () => {
      run.current += 1;
      window.clearTimeout(restartTimer.current);
      current.current?.abort();
      current.current = null;
    },
    [],
  );

  return { supported: Recognition !== null, state, transcript, interim, start, stop, cancel };
}
