/**
 * The two tones (spec section 9: 800 Hz then 1000 Hz, 0.3 s each, 0.4 s apart) on a recording
 * stand-in for Web Audio, and a sound that never throws when audio is blocked or missing.
 */
import { describe, expect, it } from "vitest";
import {
  isReminderSoundOn,
  playReminderSound,
  SOUND_STORAGE_KEY,
  scheduleReminderTones,
  setReminderSoundOn,
  type ToneContext,
} from "./reminder-sound";

interface Tone {
  frequency: number;
  start: number;
  stop: number;
}

/** An audio context that records the oscillators it is asked to play. */
function recordingContext(state: AudioContextState = "running") {
  const tones: Tone[] = [];
  const param = () => ({ value: 0, setValueAtTime() {}, linearRampToValueAtTime() {} });
  const context = {
    state,
    currentTime: 12,
    destination: {},
    resumed: 0,
    async resume() {
      context.resumed += 1;
      context.state = "running";
    },
    createGain: () => ({ gain: param(), connect: (next: unknown) => next }),
    createOscillator() {
      const tone: Tone = { frequency: 0, start: -1, stop: -1 };
      const oscillator = {
        type: "",
        frequency: param(),
        connect: (next: unknown) => next,
        start(at: number) {
          tone.frequency = oscillator.frequency.value;
          tone.start = at;
        },
        stop(at: number) {
          tone.stop = at;
        },
      };
      tones.push(tone);
      return oscillator;
    },
  };
  return { context, tones, asTone: context as unknown as ToneContext };
}

const rounded = (tones: Tone[]) =>
  tones.map((t) => ({
    frequency: t.frequency,
    start: Number(t.start.toFixed(3)),
    stop: Number(t.stop.toFixed(3)),
  }));

describe("reminder sound", () => {
  it("plays 800 Hz then 1000 Hz, 0.3 s each, starting 0.4 s apart", () => {
    const { asTone, tones } = recordingContext();
    scheduleReminderTones(asTone, 5);
    expect(rounded(tones)).toEqual([
      { frequency: 800, start: 5, stop: 5.3 },
      { frequency: 1000, start: 5.4, stop: 5.7 },
    ]);
  });

  it("wakes a suspended context before playing", async () => {
    const { context, asTone, tones } = recordingContext("suspended");
    await playReminderSound({ hasBeenActive: () => true, context: () => asTone });
    expect(context.resumed).toBe(1);
    expect(tones.map((t) => t.frequency)).toEqual([800, 1000]);
  });

  it("stays silent before the first interaction, where browsers mute audio", async () => {
    const { asTone, tones } = recordingContext();
    await playReminderSound({ hasBeenActive: () => false, context: () => asTone });
    expect(tones).toEqual([]);
  });

  it("never throws when audio is missing or refused", async () => {
    await expect(
      playReminderSound({ hasBeenActive: () => true, context: () => null }),
    ).resolves.toBeUndefined();
    const { context, asTone, tones } = recordingContext("suspended");
    context.resume = () => Promise.reject(new DOMException("blocked", "NotAllowedError"));
    await expect(
      playReminderSound({ hasBeenActive: () => true, context: () => asTone }),
    ).resolves.toBeUndefined();
    expect(tones).toEqual([]);
    await expect(
      playReminderSound({
        hasBeenActive: () => true,
        context: () => {
          throw new Error("no audio device");
        },
      }),
    ).resolves.toBeUndefined();
  });

  it("is on unless turned off, a choice kept in this browser", () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
    expect(isReminderSoundOn(storage)).toBe(true);
    setReminderSoundOn(false, storage);
    expect(items.get(SOUND_STORAGE_KEY)).toBe("off");
    expect(isReminderSoundOn(storage)).toBe(false);
    setReminderSoundOn(true, storage);
    expect(isReminderSoundOn(storage)).toBe(true);
    expect(isReminderSoundOn(null)).toBe(true);
  });
});
