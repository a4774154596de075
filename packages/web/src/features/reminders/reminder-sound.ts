/**
 * The reminder's two-tone sound (plans spec, section 9): 800 Hz then 1000 Hz, 0.3 s each,
 * starting 0.4 s apart, through Web Audio (no sound file to download). It can be turned off,
 * a setting kept in this browser. Playing never throws: audio may be missing or blocked.
 */
import { pageStorage } from "./reminder-store";

export const REMINDER_TONES = [
  { frequency: 800, startsAfter: 0 },
  { frequency: 1000, startsAfter: 0.4 },
] as const;
export const TONE_SECONDS = 0.3;
/** Loud enough to notice, well short of the clipping a full-scale sine gives. */
const VOLUME = 0.3;
/** Fade in and out: a tone cut at full volume clicks. */
const FADE_SECONDS = 0.02;

export const SOUND_STORAGE_KEY = "circleplan:reminder-sound";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export type ToneContext = Pick<
  AudioContext,
  "currentTime" | "createOscillator" | "createGain" | "destination" | "state" | "resume"
>;

/** The two tones, the first at `at` seconds of the context's clock. */
export function scheduleReminderTones(context: ToneContext, at: number): void {
  for (const tone of REMINDER_TONES) {
    const start = at + tone.startsAfter;
    const end = start + TONE_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = tone.frequency;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(VOLUME, start + FADE_SECONDS);
    gain.gain.setValueAtTime(VOLUME, end - FADE_SECONDS);
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end);
  }
}

export interface SoundEnvironment {
  /** Whether the person has interacted with the page yet (browsers mute audio until then). */
  hasBeenActive(): boolean;
  /** The page's audio context, made on first use; null where Web Audio is missing. */
  context(): ToneContext | null;
}

let pageContext: AudioContext | null = null;

const pageSound: SoundEnvironment = {
  hasBeenActive: () => navigator.userActivation?.hasBeenActive ?? true,
  context() {
    if (pageContext) return pageContext;
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    pageContext = Context ? new Context() : null;
    return pageContext;
  },
};

/**
 * Plays the two tones. Before the first interaction with the page browsers keep audio muted
 * (a context made then stays suspended and warns in the console), so the sound is skipped.
 */
export async function playReminderSound(environment: SoundEnvironment = pageSound): Promise<void> {
  try {
    if (!environment.hasBeenActive()) return;
    const context = environment.context();
    if (!context) return;
    if (context.state !== "running") await context.resume();
    scheduleReminderTones(context, context.currentTime + FADE_SECONDS);
  } catch {
    // Audio refused or unavailable: the popup and the notification still tell.
  }
}

export function isReminderSoundOn(storage: KeyValueStorage | null = pageStorage()): boolean {
  try {
    return storage?.getItem(SOUND_STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setReminderSoundOn(
  on: boolean,
  storage: KeyValueStorage | null = pageStorage(),
): void {
  try {
    storage?.setItem(SOUND_STORAGE_KEY, on ? "on" : "off");
  } catch {
    // Unwritable storage: the switch shows the choice until the popup closes; the sound stays on.
  }
}
