// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Create Event with Voice in real browsers (plans spec, sections 2, 4, 8 and 9). Chromium's
 * own recognizer needs a microphone and Google's service, so each page gets a stand-in
 * `SpeechRecognition` / `webkitSpeechRecognition` before the app loads, which the test drives as a browser would:
 * listening, interim and final results, errors, an abort, the end. Covered: recording with the
 * timer and live transcript, the processing overlay, the form filled from what was said and
 * saved with it; a denied microphone with its advice and Switch to Manual Entry; a browser
 * without speech recognition. Aborts (desktop and iPhone), nothing heard and Cancel are
 * checked in voice-dialog.test.tsx. Screens are checked with axe and saved (voice-*.png).
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast, isFocused } from "./browser-steps";
import { type ApiCircle, createCircle } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser, type TestUser } from "./test-users";

const suite = useBrowserSuite();
const saveScreen = useScreens("voice");

const NLP_CALL = "**/api/trpc/nlp.processVoice**";
interface FakeRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  started: boolean;
  stopped: boolean;
  aborted: boolean;
}

/** What the browser does next: start listening, hear words, fail with a code, end. */
type SpeechStep = ["listen"] | ["hear", string[], string?] | ["fail", string] | ["end"];

interface SpeechDriver {
  made: FakeRecognition[];
  listen(): void;
  hear(finals: string[], interim?: string): void;
  fail(code: string): void;
  end(): void;
}

type DrivenWindow = Window & { speech: SpeechDriver };

/**
 * Installed in the page before its scripts: a recognizer that records how it was set up and
 * started, and `window.speech` to make the newest one start, hear, fail and end.
 */
function installFakeSpeech(): void {
  type Handler = ((event: unknown) => void) | null;
  // Serialized into the page as source: no class fields, which a compiler may turn into
  // helpers that live only in this file.
  class Recognition {
    lang: string;
    continuous: boolean;
    interimResults: boolean;
    started: boolean;
    stopped: boolean;
    aborted: boolean;
    onstart: Handler;
    onresult: Handler;
    onerror: Handler;
    onend: Handler;
    constructor() {
      this.lang = "";
      this.continuous = false;
      this.interimResults = false;
      this.started = false;
      this.stopped = false;
      this.aborted = false;
      this.onstart = null;
      this.onresult = null;
      this.onerror = null;
      this.onend = null;
      made.push(this);
    }
    start() {
      this.started = true;
    }
    stop() {
      this.stopped = true;
    }
    abort() {
      this.aborted = true;
    }
  }
  const made: Recognition[] = [];
  const latest = () => {
    const recognition = made.at(-1);
    if (!recognition) throw new Error("no recognizer was made");
    return recognition;
  };
  (window as unknown as { speech: unknown }).speech = {
    made,
    listen: () => latest().onstart?.(new Event("start")),
    hear: (finals: string[], interim = "") => {
      const results = [
        ...finals.map((transcript) => Object.assign([{ transcript }], { isFinal: true })),
        ...(interim ? [Object.assign([{ transcript: interim }], { isFinal: false })] : []),
      ];
      latest().onresult?.({ resultIndex: 0, results });
    },
    fail: (code: string) => latest().onerror?.({ error: code }),
    end: () => latest().onend?.(new Event("end")),
  };
  // Newer Chromium has the unprefixed name too; the app takes it first.
  for (const name of ["SpeechRecognition", "webkitSpeechRecognition"]) {
    Object.defineProperty(window, name, { value: Recognition, configurable: true, writable: true });
  }
}

/** A browser without speech recognition (Firefox). */
function removeSpeech(): void {
  const scope = window as unknown as Record<string, unknown>;
  delete scope.webkitSpeechRecognition;
  delete scope.SpeechRecognition;
}

/** The newest recognizer does these, in order. */
async function speech(page: Page, ...steps: SpeechStep[]): Promise<void> {
  await page.evaluate((todo) => {
    const driver = (window as unknown as DrivenWindow).speech;
    for (const step of todo) {
      if (step[0] === "listen") driver.listen();
      else if (step[0] === "hear") driver.hear(step[1], step[2]);
      else if (step[0] === "fail") driver.fail(step[1]);
      else driver.end();
    }
  }, steps);
}

async function recognizers(page: Page): Promise<FakeRecognition[]> {
  return page.evaluate(() =>
    (window as unknown as DrivenWindow).speech.made.map(
      ({ lang, continuous, interimResults, started, stopped, aborted }) => ({
        lang,
        continuous,
        interimResults,
        started,
        stopped,
        aborted,
      }),
    ),
  );
}

async function setUp(
  options: { speech?: boolean } = {},
): Promise<{ page: Page; circle: ApiCircle }> {
  const ada: TestUser = await createVerifiedUser({
    firstName: "Ada",
    lastName: "Lovelace",
  });
  const circle = await createCircle(await suite.apiAs(ada), {
    name: "The Lovelaces",
    type: "family",
  });
  const page = await suite.newPage();
  await page.addInitScript(options.speech === false ? removeSpeech : installFakeSpeech);
  const login = await page.context().request.post("/api/auth/login", {
    data: { email: ada.email, password: ada.password },
    headers: { origin: suite.app.url },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  await page.goto(`/circle/${circle.id}`);
  return { page, circle };
}

async function openVoice(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add by voice" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Event with Voice" });
  await dialog.getByRole("button", { name: "Start recording" }).waitFor();
  return dialog;
}

/** Presses the microphone; the browser starts listening. */
async function record(page: Page, dialog: Locator): Promise<void> {
  const before = (await recognizers(page)).length;
  await dialog.getByRole("button", { name: "Start recording" }).click();
  await expect.poll(async () => (await recognizers(page)).length).toBe(before + 1);
  await speech(page, ["listen"]);
  await dialog.getByText(/^Listening/).waitFor();
}

describe("voice entry", () => {
  it("records with a timer and a live transcript, then opens the form filled from what was said", async () => {
    const { page, circle } = await setUp();
    const dialog = await openVoice(page);
    expect(await isFocused(dialog.getByRole("button", { name: "Start recording" }))).toBe(true);
    expect(await dialog.getByRole("timer", { name: "Recording time" }).textContent()).toBe("00:00");
    await saveScreen(page, "01-idle");

    await record(page, dialog);
    expect(await recognizers(page)).toEqual([
      {
        lang: "en-US",
        continuous: true,
        interimResults: true,
        started: true,
        stopped: false,
        aborted: false,
      },
    ]);
    await speech(page, ["hear", ["swimming lessons"], "on satur"]);
    await dialog.getByText("on satur", { exact: true }).waitFor();
    // The timer counts while listening.
    await dialog.getByRole("timer").getByText("00:01").waitFor();
    await saveScreen(page, "02-recording");

    await dialog.getByRole("button", { name: "Stop recording" }).click();
    await dialog.getByText("Recording stopped.").waitFor();
    expect((await recognizers(page))[0]?.stopped).toBe(true);

    // The reading is held back, so the overlay stays long enough to be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(NLP_CALL, async (route) => {
      await held;
      await route.continue();
    });
    const call = page.waitForRequest(NLP_CALL);
    await speech(page, ["hear", ["swimming lessons"]], ["end"]);
    expect((await call).postDataJSON()).toMatchObject({
      json: { text: "swimming lessons", circleId: circle.id },
    });
    await dialog.getByText("Processing your plan…").first().waitFor();
    await saveScreen(page, "03-processing");
    release();

    const form = page.getByRole("dialog", { name: "Create Plan" });
    const title = form.getByLabel("Title", { exact: true });
    await title.waitFor();
    await frontToast(page).getByText("Event parsed successfully").waitFor();
    expect((await title.inputValue()).toLowerCase()).toBe("swimming lessons");
    expect(await form.getByLabel("Circle").inputValue()).toBe(String(circle.id));
    await dialog.waitFor({ state: "detached" });
    await saveScreen(page, "04-form");

    const created = page.waitForResponse("**/api/trpc/plans.create**");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    const body = await (await created).json();
    expect(body.result.data.json).toMatchObject({
      circleId: circle.id,
      voiceNote: "swimming lessons",
    });
    // Back where voice entry was opened from.
    await form.waitFor({ state: "detached" });
    await expect
      .poll(() => isFocused(page.getByRole("button", { name: "Add by voice" })))
      .toBe(true);
  });

  it("advises on a denied microphone and switches to the manual form", async () => {
    const { page } = await setUp();
    const dialog = await openVoice(page);
    await record(page, dialog);
    await speech(page, ["fail", "not-allowed"], ["end"]);
    const alert = dialog.getByRole("alert");
    await alert.getByText("Microphone access denied").waitFor();
    await frontToast(page)
      .getByText("Microphone permission denied. Please allow access in your browser settings.")
      .waitFor();
    await alert.getByText(/allow the microphone/).waitFor();
    await saveScreen(page, "05-denied");

    await alert.getByRole("button", { name: "Switch to Manual Entry" }).click();
    const form = page.getByRole("dialog", { name: "Create Plan" });
    const title = form.getByLabel("Title", { exact: true });
    await title.waitFor();
    expect(await title.inputValue()).toBe("");
  });

  // What the dialog says and does when recognition aborts (desktop and iPhone) or hears
  // nothing, and Cancel, are checked in voice-dialog.test.tsx against the same fake.

  it("says when the browser has no speech recognition, offering the manual form", async () => {
    const { page } = await setUp({ speech: false });
    await page.getByRole("button", { name: "Add by voice" }).click();
    const dialog = page.getByRole("dialog", { name: "Voice Recognition Not Supported" });
    await dialog
      .getByText("Your browser doesn't support speech recognition. Please try Chrome or Edge.")
      .waitFor();
    await saveScreen(page, "07-unsupported");
    await dialog.getByRole("button", { name: "Switch to Manual Entry" }).click();
    await page
      .getByRole("dialog", { name: "Create Plan" })
      .getByLabel("Title", { exact: true })
      .waitFor();
  });
});
