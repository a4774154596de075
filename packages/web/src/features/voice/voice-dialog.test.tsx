/**
 * Create Event with Voice (plans spec, sections 2, 4, 5, 8 and 9), opened from the plan
 * screens' voice button, with a fake `webkitSpeechRecognition` driven as a browser would:
 * recording with its timer and live transcript, the processing overlay, the form filled from
 * what was said; nothing heard; every speech error with its advice and Switch to Manual Entry;
 * a browser abort restarted on a desktop and not on a phone; Cancel; the unsupported dialog.
 */
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { AddPlanButtons } from "@/components/plans/add-plan-buttons";
import { UserReady } from "@/components/plans/testing/user-ready";
import { circleFixture, memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture } from "@/testing/plan-fixtures";
import { type Handler, noAnswer, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { voiceResultFixture } from "@/testing/voice-result";
import {
  FakeSpeechRecognition,
  installFakeSpeechRecognition,
  latestRecognition,
} from "./testing/fake-speech-recognition";

spyOnToasts();

const NOW = new Date("2026-11-21T09:44:00Z");
freezeClockAt(NOW.toISOString());
installFakeSpeechRecognition();
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** The voice button of a circle page (circle 7), or of a page without a circle. */
function renderVoice(
  { circleId = 7 as number | null, date = undefined as string | undefined } = {},
  handlers: Record<string, Handler> = {},
) {
  return renderWithTrpc(
    <UserReady>
      <AddPlanButtons
        {...(circleId ? { defaultCircleId: circleId } : {})}
        {...(date ? { defaultDate: date } : {})}
      />
    </UserReady>,
    {
      handlers: {
        "auth.user": () => userFixture(),
        "circles.list": () => [
          circleFixture({ id: 5, name: "Personal", type: "personal" }),
          circleFixture(),
        ],
        "circles.members": () => [
          memberFixture({ id: 1, firstName: "Ada", lastName: "Lovelace" }, { role: "admin" }),
        ],
        "nlp.processVoice": (input) =>
          voiceResultFixture({
            title: "Piano lesson",
            startTime: new Date("2026-11-22T17:00:00Z"),
            voiceNote: (input as { text: string }).text,
          }),
        "plans.create": (input) => planFixture({ id: 150, ...(input as Partial<Plan>) }),
        "plans.list": () => [],
        ...handlers,
      },
    },
  );
}

async function openVoice() {
  await userEvent.click(await screen.findByRole("button", { name: "Add by voice" }));
  const dialog = await screen.findByRole("dialog", { name: "Create Event with Voice" });
  await waitFor(() => expect(within(dialog).getByLabelText("Circle")).toBeEnabled());
  return dialog;
}

/** Presses the microphone and lets the (fake) browser start listening. */
async function record(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole("button", { name: "Start recording" }));
  await waitFor(() => expect(FakeSpeechRecognition.created.length).toBeGreaterThan(0));
  const recognition = latestRecognition();
  recognition.listen();
  await within(dialog).findByText(/^Listening/);
  return recognition;
}

describe("Create Event with Voice", () => {
  it("records with a timer and a live transcript, then opens the form filled from what was said", async () => {
    const view = renderVoice();
    const dialog = await openVoice();
    const mic = within(dialog).getByRole("button", { name: "Start recording" });
    expect(mic).toHaveFocus();
    const timer = within(dialog).getByRole("timer", { name: "Recording time" });
    expect(timer).toHaveTextContent("00:00");

    const recognition = await record(dialog);
    expect(recognition).toMatchObject({
      lang: "en-US",
      continuous: true,
      interimResults: true,
      started: true,
    });
    expect(within(dialog).getByRole("button", { name: "Stop recording" })).toHaveFocus();

    recognition.hear([], "piano");
    expect(await within(dialog).findByText("piano")).toBeVisible();
    recognition.hear(["Piano lesson tomorrow"], "at five");
    await within(dialog).findByText("at five");
    expect(within(dialog).getByText(/^Piano lesson tomorrow/)).toBeVisible();

    // The clock moves on 65 seconds; the timer reads it on its next tick.
    vi.setSystemTime(NOW.getTime() + 65_000);
    await waitFor(() => expect(timer).toHaveTextContent("01:05"));

    await userEvent.click(within(dialog).getByRole("button", { name: "Stop recording" }));
    expect(recognition.stopped).toBe(true);
    await within(dialog).findByText("Recording stopped.");
    recognition.hear(["Piano lesson tomorrow at five"]);
    recognition.end();

    const form = await screen.findByRole("dialog", { name: "Create Plan" });
    expect(view.callsTo("nlp.processVoice")[0]?.input).toEqual({
      text: "Piano lesson tomorrow at five",
      circleId: 7,
      userTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(toast.success).toHaveBeenCalledWith("Event parsed successfully", {
      description: "Please review and submit the event details.",
    });
    expect(screen.queryByRole("dialog", { name: "Create Event with Voice" })).toBeNull();
    expect(within(form).getByLabelText("Title")).toHaveValue("Piano lesson");
    expect(within(form).getByLabelText("Time")).toHaveValue("17:00");

    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      circleId: 7,
      title: "Piano lesson",
      voiceNote: "Piano lesson tomorrow at five",
    });
    // Focus goes back to what opened voice entry.
    await waitFor(() => expect(screen.getByRole("button", { name: "Add by voice" })).toHaveFocus());
  });

  it("shows the processing overlay while the server reads what was said", async () => {
    let answer: (value: unknown) => void = () => {};
    renderVoice({}, { "nlp.processVoice": () => new Promise((resolve) => (answer = resolve)) });
    const dialog = await openVoice();
    const recognition = await record(dialog);
    recognition.hear(["Swimming on Saturday"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop recording" }));
    recognition.end();
    const overlay = await within(dialog).findByText("Processing your plan…", {
      selector: "p.text-lg",
    });
    await waitFor(() => expect(overlay.parentElement).toHaveFocus());
    expect(within(dialog).getByRole("button", { name: "Start recording" })).toBeDisabled();
    answer(voiceResultFixture({ title: "Swimming" }));
    const form = await screen.findByRole("dialog", { name: "Create Plan" });
    expect(within(form).getByLabelText("Title")).toHaveValue("Swimming");
  });

  it("says no speech was detected when nothing was heard", async () => {
    const view = renderVoice();
    const dialog = await openVoice();
    const recognition = await record(dialog);
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop recording" }));
    recognition.end();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.noSpeechDetected));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(messages.noSpeechDetected);
    expect(within(dialog).getByRole("button", { name: "Start recording" })).toBeEnabled();
    expect(view.callsTo("nlp.processVoice")).toHaveLength(0);
  });

  it("falls back to what was said as the title when it cannot be read", async () => {
    renderVoice({}, { "nlp.processVoice": () => Promise.reject(noAnswer()) });
    const dialog = await openVoice();
    const recognition = await record(dialog);
    recognition.hear(["dentist with emma"]);
    recognition.end();
    const form = await screen.findByRole("dialog", { name: "Create Plan" });
    expect(toast.error).toHaveBeenCalledWith("Voice processing failed", {
      description: "Using basic voice recognition instead",
    });
    expect(within(form).getByLabelText("Title")).toHaveValue("Dentist with emma");
    expect(within(form).getByLabelText("Time")).toHaveValue("09:30");
    expect(within(form).getByRole("radio", { name: "Event" })).toBeChecked();
  });

  it("says why the server refused, and lets the person try again", async () => {
    renderVoice(
      {},
      {
        "nlp.processVoice": () => {
          throw serverError(messages.textTooLong, 400, "BAD_REQUEST");
        },
      },
    );
    const dialog = await openVoice();
    const recognition = await record(dialog);
    recognition.hear(["and so on"]);
    recognition.end();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error parsing event", {
        description: messages.textTooLong,
      }),
    );
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(messages.textTooLong);
    expect(within(dialog).getByRole("button", { name: "Start recording" })).toHaveFocus();
  });

  it.each([
    [
      "not-allowed",
      "Microphone access denied",
      "Microphone permission denied. Please allow access in your browser settings.",
      undefined,
    ],
    ["audio-capture", "Microphone not found", "Error: audio-capture", "No microphone was found."],
    [
      "network",
      "Network error",
      "Error: network",
      "Speech recognition could not reach its service.",
    ],
    [
      "service-not-allowed",
      "Speech service not available",
      "Error: service-not-allowed",
      "This browser's speech recognition service is not available.",
    ],
    ["no-speech", "No speech detected", messages.noSpeechDetected, undefined],
    [
      "language-not-supported",
      "Error: language-not-supported",
      "Error: language-not-supported",
      undefined,
    ],
  ])("advises on %s, with Switch to Manual Entry", async (code, title, toastTitle, description) => {
    renderVoice();
    const dialog = await openVoice();
    const recognition = await record(dialog);
    recognition.fail(code);
    recognition.end();
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(title);
    expect(toast.error).toHaveBeenCalledWith(toastTitle, description ? { description } : {});
    await userEvent.click(within(alert).getByRole("button", { name: "Switch to Manual Entry" }));
    const form = await screen.findByRole("dialog", { name: "Create Plan" });
    expect(within(form).getByLabelText("Title")).toHaveValue("");
  });

  it("gives Safari's own steps on an iPhone, starts after its delay, and does not restart an abort there", async () => {
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(IPHONE);
    renderVoice();
    const dialog = await openVoice();
    await userEvent.click(within(dialog).getByRole("button", { name: "Start recording" }));
    // iOS Safari hands the microphone over 500 ms after the tap.
    expect(FakeSpeechRecognition.created).toHaveLength(0);
    expect(within(dialog).getByText("Starting the microphone…")).toBeVisible();
    await waitFor(() => expect(FakeSpeechRecognition.created).toHaveLength(1));
    const recognition = latestRecognition();
    recognition.listen();
    recognition.fail("aborted");
    recognition.end();
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Recording stopped");
    expect(alert).toHaveTextContent("Safari stops listening when you switch apps");
    expect(FakeSpeechRecognition.created).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole("button", { name: "Start recording" }));
    await waitFor(() => expect(FakeSpeechRecognition.created).toHaveLength(2));
    latestRecognition().fail("not-allowed");
    latestRecognition().end();
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("Settings, then Apps, Safari"),
    );
  });

  it("restarts recognition the browser aborted on a desktop, keeping what was heard", async () => {
    const view = renderVoice();
    const dialog = await openVoice();
    const first = await record(dialog);
    first.hear(["Swimming"]);
    first.fail("aborted");
    first.end();
    await waitFor(() => expect(FakeSpeechRecognition.created).toHaveLength(2));
    const second = latestRecognition();
    expect(second.started).toBe(true);
    second.listen();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Stop recording" })).toBeVisible();
    second.hear(["on Saturday"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop recording" }));
    second.end();
    await screen.findByRole("dialog", { name: "Create Plan" });
    expect(view.callsTo("nlp.processVoice")[0]?.input).toMatchObject({
      text: "Swimming on Saturday",
    });
  });

  it("reads what was said from the day the buttons add on (issue 21)", async () => {
    const view = renderVoice({ date: "2026-12-03" });
    const dialog = await openVoice();
    const recognition = await record(dialog);
    recognition.hear(["Dentist at eleven"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop recording" }));
    recognition.end();
    await screen.findByRole("dialog", { name: "Create Plan" });
    expect(view.callsTo("nlp.processVoice")[0]?.input).toMatchObject({
      text: "Dentist at eleven",
      referenceDay: "2026-12-03",
    });
  });

  it("says 'Recording Error' when the browser will not start", async () => {
    renderVoice();
    const dialog = await openVoice();
    FakeSpeechRecognition.refuseStart = true;
    await userEvent.click(within(dialog).getByRole("button", { name: "Start recording" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Recording Error", {
        description: "Failed to start recording. Please check your microphone permissions.",
      }),
    );
    expect(within(dialog).getByRole("button", { name: "Start recording" })).toBeVisible();
  });

  it("asks for HTTPS on a page the browser will not give the microphone to", async () => {
    Object.defineProperty(window, "isSecureContext", { value: false, configurable: true });
    onTestFinished(() => {
      delete (window as { isSecureContext?: boolean }).isSecureContext;
    });
    renderVoice();
    const dialog = await openVoice();
    await userEvent.click(within(dialog).getByRole("button", { name: "Start recording" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("HTTPS required");
    expect(FakeSpeechRecognition.created).toHaveLength(0);
  });

  it("asks for a circle where the page has none, starting there", async () => {
    const view = renderVoice({ circleId: null });
    const dialog = await openVoice();
    const circle = within(dialog).getByLabelText("Circle");
    expect(circle).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Start recording" }));
    expect(within(dialog).getByText(messages.circleRequired)).toBeVisible();
    expect(circle).toHaveFocus();
    expect(FakeSpeechRecognition.created).toHaveLength(0);

    await userEvent.selectOptions(circle, "Personal");
    const recognition = await record(dialog);
    recognition.hear(["Yoga"]);
    recognition.end();
    await screen.findByRole("dialog", { name: "Create Plan" });
    expect(view.callsTo("nlp.processVoice")[0]?.input).toMatchObject({ circleId: 5 });
  });

  it("stops listening and reads nothing on Cancel", async () => {
    const view = renderVoice();
    const dialog = await openVoice();
    const recognition = await record(dialog);
    recognition.hear(["Never mind"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(recognition.aborted).toBe(true);
    recognition.end();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Create Event with Voice" })).toBeNull(),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Add by voice" })).toHaveFocus());
    expect(view.callsTo("nlp.processVoice")).toHaveLength(0);
  });

  it("switches to the manual form, empty, at any time", async () => {
    renderVoice();
    const dialog = await openVoice();
    const recognition = await record(dialog);
    await userEvent.click(within(dialog).getByRole("button", { name: "Switch to Manual" }));
    expect(recognition.aborted).toBe(true);
    const form = await screen.findByRole("dialog", { name: "Create Plan" });
    expect(within(form).getByLabelText("Title")).toHaveValue("");
    expect(within(form).getByLabelText("Circle")).toHaveValue("7");
  });

  it("takes the circle chosen here to the manual form", async () => {
    renderVoice({ circleId: null });
    const dialog = await openVoice();
    await userEvent.selectOptions(within(dialog).getByLabelText("Circle"), "Personal");
    await userEvent.click(within(dialog).getByRole("button", { name: "Switch to Manual" }));
    const form = await screen.findByRole("dialog", { name: "Create Plan" });
    await waitFor(() => expect(within(form).getByLabelText("Circle")).toHaveValue("5"));
  });

  it("says when the browser has no speech recognition, offering the manual form", async () => {
    delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    renderVoice();
    await userEvent.click(await screen.findByRole("button", { name: "Add by voice" }));
    const dialog = await screen.findByRole("dialog", { name: "Voice Recognition Not Supported" });
    expect(dialog).toHaveTextContent(
      "Your browser doesn't support speech recognition. Please try Chrome or Edge.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Switch to Manual Entry" }));
    expect(await screen.findByRole("dialog", { name: "Create Plan" })).toBeVisible();
  });
});
