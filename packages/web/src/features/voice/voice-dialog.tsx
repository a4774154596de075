import { messages } from "@circleplan/shared/messages";
import { LoaderCircle, Mic, MicOff, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PlanCircleSelect } from "@/components/plans/plan-circle-select";
import { usePlanDialogs, type VoiceDialogProps } from "@/components/plans/plan-dialogs";
import { type PlanTextOutcome, useProcessPlanText } from "@/components/plans/process-plan-text";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { formatElapsed, useRecordingSeconds } from "./recording-timer";
import { INSECURE_CONTEXT, speechErrorAdvice } from "./speech-errors";
import { speechRecognitionConstructor, useSpeechRecognition } from "./use-speech-recognition";
import { voicePlatform } from "./voice-platform";

/** The form after the voice dialog: filled from what was said, or empty in the circle chosen. */
type FormRequest = { parsed?: PlanTextOutcome; circleId?: number | undefined };

const MIC_ID = "voice-mic";
const CIRCLE_ID = "voice-circle";

/**
 * Create Event with Voice (plans spec, sections 2, 4, 8 and 9), and the Create Plan form it
 * leads to: filled from what was said once the server has read it, or empty after Switch to
 * Manual. A browser without speech recognition gets the 'Voice Recognition Not Supported'
 * dialog instead. Focus returns to what opened the voice dialog when the form closes.
 */
export function VoiceDialog({
  open,
  onOpenChange,
  defaultCircleId,
  defaultDate,
}: VoiceDialogProps) {
  const { PlanDialog, loadPlanDialog } = usePlanDialogs();
  const [form, setForm] = useState<FormRequest | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [supported] = useState(() => speechRecognitionConstructor() !== null);
  const opener = useRef<HTMLElement | null>(null);
  // The form is where voice entry ends: it downloads while the person speaks.
  useEffect(() => {
    if (open) void loadPlanDialog();
  }, [open, loadPlanDialog]);
  // The voice dialog closes because the form opens: focus is the form's to take.
  const handingOver = useRef(false);

  function returnFocus() {
    if (opener.current?.isConnected) opener.current.focus();
  }

  function toForm(request: FormRequest) {
    handingOver.current = true;
    setForm(request);
    setFormOpen(true);
    onOpenChange(false);
  }

  const formCircleId = form?.circleId ?? defaultCircleId;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          className="sm:max-w-md"
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // The dialog's first step: the microphone, or the circle while none is chosen.
            const first = document.getElementById(defaultCircleId ? MIC_ID : CIRCLE_ID);
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a DialogTrigger, and this dialog opens from elsewhere (a
            // floating button, a window event): back to the opener, unless the form takes it.
            event.preventDefault();
            if (handingOver.current) handingOver.current = false;
            else returnFocus();
          }}
        >
          {supported ? (
            <VoiceRecorder
              defaultCircleId={defaultCircleId}
              referenceDay={defaultDate}
              onParsed={(parsed) => toForm({ parsed })}
              onManual={(circleId) => toForm({ circleId })}
              onCancel={() => onOpenChange(false)}
            />
          ) : (
            <UnsupportedBrowser onManual={() => toForm({})} onClose={() => onOpenChange(false)} />
          )}
        </DialogContent>
      </Dialog>
      {form ? (
        <PlanDialog
          open={formOpen}
          onOpenChange={setFormOpen}
          {...(formCircleId ? { defaultCircleId: formCircleId } : {})}
          {...(defaultDate ? { defaultDate } : {})}
          {...(form.parsed ? { parsed: form.parsed } : {})}
          startIn="form"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        />
      ) : null}
    </>
  );
}

function UnsupportedBrowser({ onManual, onClose }: { onManual(): void; onClose(): void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Voice Recognition Not Supported</DialogTitle>
        <DialogDescription>
          Your browser doesn't support speech recognition. Please try Chrome or Edge.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onManual}>Switch to Manual Entry</Button>
      </DialogFooter>
    </>
  );
}

type Phase = "idle" | "recording" | "stopped" | "processing";

/**
 * The recording itself: idle, recording (the timer runs), stopped, processing, then the form
 * (spec section 4). Whatever ends the recording (the microphone pressed again, or the browser
 * stopping on its own) sends what was heard to be read; nothing heard is "No speech detected".
 */
function VoiceRecorder({
  defaultCircleId,
  referenceDay,
  onParsed,
  onManual,
  onCancel,
}: {
  defaultCircleId: number | undefined;
  /** The day the dialog was opened on, read as "today" by the server (issue 21). */
  referenceDay: string | undefined;
  onParsed(outcome: PlanTextOutcome): void;
  /** To the manual form, in the circle chosen here if any. */
  onManual(circleId: number | undefined): void;
  onCancel(): void;
}) {
  const [platform] = useState(() => voicePlatform());
  const [phase, setPhase] = useState<Phase>("idle");
  const [circleId, setCircleId] = useState(defaultCircleId ? String(defaultCircleId) : "");
  const [circleError, setCircleError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { process } = useProcessPlanText({ referenceDay });
  const micButton = useRef<HTMLButtonElement>(null);
  const circleSelect = useRef<HTMLSelectElement | null>(null);
  const overlay = useRef<HTMLDivElement>(null);
  // Still on screen: an answer arriving after Cancel opens nothing.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function read(transcript: string) {
    setPhase("processing");
    const answer = await process(transcript, Number(circleId));
    if (!alive.current) return;
    if (answer.outcome) {
      onParsed(answer.outcome);
      return;
    }
    setNotice(answer.refusal);
    setPhase("idle");
    micButton.current?.focus();
  }

  function nothingHeard() {
    toast.error(messages.noSpeechDetected);
    setNotice(messages.noSpeechDetected);
    setPhase("idle");
  }

  const recognition = useSpeechRecognition(platform, {
    onEnded(transcript) {
      if (transcript.trim()) void read(transcript);
      else nothingHeard();
    },
    onError(code, transcript) {
      // Words heard before the failure are still worth reading.
      if (transcript.trim()) {
        void read(transcript);
        return;
      }
      const advice = speechErrorAdvice(code, platform);
      if (advice.toast) {
        toast.error(advice.toast.title, {
          ...(advice.toast.description ? { description: advice.toast.description } : {}),
        });
      }
      setProblem(code);
      setPhase("idle");
    },
  });

  useEffect(() => {
    if (phase === "processing") overlay.current?.focus();
  }, [phase]);

  const listening = phase === "recording" && recognition.state === "listening";
  const seconds = useRecordingSeconds(listening);

  function toManual() {
    onManual(Number(circleId) > 0 ? Number(circleId) : undefined);
  }

  async function toggle() {
    if (phase === "recording") {
      setPhase("stopped");
      recognition.stop();
      return;
    }
    if (phase !== "idle") return;
    setNotice(null);
    // Browsers give the microphone only to https pages (and localhost); older ones do not say.
    if (window.isSecureContext === false) {
      setProblem(INSECURE_CONTEXT);
      return;
    }
    if (!(Number(circleId) > 0)) {
      setCircleError(messages.circleRequired);
      circleSelect.current?.focus();
      return;
    }
    setProblem(null);
    setPhase("recording");
    try {
      await recognition.start();
    } catch {
      toast.error("Recording Error", {
        description: "Failed to start recording. Please check your microphone permissions.",
      });
      setPhase("idle");
    }
  }

  const recording = phase === "recording";
  const advice = problem ? speechErrorAdvice(problem, platform) : null;
  const status =
    phase === "processing"
      ? "Processing your plan…"
      : phase === "stopped"
        ? "Recording stopped."
        : recording
          ? listening
            ? "Listening… Press the microphone again when you are done."
            : "Starting the microphone…"
          : "Press the microphone and say your plan.";

  return (
    <>
      <DialogHeader>
        <DialogTitle>Create Event with Voice</DialogTitle>
        <DialogDescription>
          Say what, when and where, for example: "Swimming with Emma on Saturday at 10 at the
          leisure centre".
        </DialogDescription>
      </DialogHeader>

      <PlanCircleSelect
        id={CIRCLE_ID}
        value={circleId}
        onChange={(id) => {
          setCircleId(id);
          setCircleError(undefined);
        }}
        selectRef={(element) => {
          circleSelect.current = element;
        }}
        error={circleError}
        disabled={phase !== "idle"}
      />

      <div className="grid justify-items-center gap-3 py-2">
        <Button
          ref={micButton}
          id={MIC_ID}
          type="button"
          size="icon"
          variant={recording ? "destructive" : "default"}
          className={cn(
            "size-20 rounded-full shadow-lg [&_svg]:size-8",
            recording && "animate-pulse",
          )}
          aria-label={recording ? "Stop recording" : "Start recording"}
          onClick={() => void toggle()}
          // Stopped: pressing again does nothing while the last words arrive; it keeps focus.
          disabled={phase === "processing"}
        >
          {recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
        </Button>
        <p className="font-mono text-2xl tabular-nums" aria-label="Recording time" role="timer">
          {formatElapsed(seconds)}
        </p>
        <p role="status" className="text-center text-sm text-muted-foreground">
          {status}
        </p>
      </div>

      <section aria-labelledby="voice-transcript-heading" className="grid gap-2">
        <h3 id="voice-transcript-heading" className="text-sm font-medium">
          Transcript
        </h3>
        <p
          aria-live="polite"
          className="min-h-16 rounded-md border bg-muted/30 p-3 text-sm wrap-anywhere whitespace-pre-wrap"
        >
          {recognition.transcript}
          {recognition.interim ? (
            // Still changing: shown, but read out only once the browser is sure of it.
            <span aria-hidden="true" className="text-muted-foreground">
              {recognition.transcript ? " " : ""}
              {recognition.interim}
            </span>
          ) : null}
          {recognition.transcript || recognition.interim ? null : (
            <span className="text-muted-foreground">Your words appear here as you speak.</span>
          )}
        </p>
      </section>

      {notice ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {notice}
        </p>
      ) : null}

      {advice ? (
        <Alert variant="destructive">
          <MicOff aria-hidden="true" />
          <AlertTitle>{advice.title}</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{advice.message}</p>
            {advice.hint ? <p>{advice.hint}</p> : null}
            <div>
              <Button type="button" size="sm" variant="outline" onClick={toManual}>
                Switch to Manual Entry
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}

      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            recognition.cancel();
            onCancel();
          }}
        >
          Cancel
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            recognition.cancel();
            toManual();
          }}
        >
          Switch to Manual
        </Button>
      </DialogFooter>

      {phase === "processing" ? (
        <div
          ref={overlay}
          tabIndex={-1}
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-xl bg-card/95 p-6 text-center outline-none"
        >
          <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />
          <p className="text-lg font-semibold">Processing your plan…</p>
          <p className="text-sm text-muted-foreground">Turning what you said into a plan.</p>
        </div>
      ) : null}
    </>
  );
}
