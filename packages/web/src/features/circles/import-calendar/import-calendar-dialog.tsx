import type { CalendarImportPreview } from "@circleplan/shared/calendar-import-schemas";
import { CALENDAR_IMPORT_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { useId, useRef, useState } from "react";
import { usePlanInvalidation } from "@/components/plans/plan-cache";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { CalendarImportSummary } from "./calendar-import-summary";

interface ChosenFile {
  fileName: string;
  content: string;
}

/**
 * Import calendar (docs/decisions/027): choose an .ics file, read its preview, import. The size
 * is checked here too, so a 20 MB file is refused before it is read or sent.
 */
export function ImportCalendarDialog({
  circle,
  open,
  onOpenChange,
}: {
  circle: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<CalendarImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewing = trpc.calendarImport.preview.useMutation();
  const importing = trpc.calendarImport.import.useMutation();
  const invalidatePlans = usePlanInvalidation();

  // The file chosen last: an answer for an earlier one (picked again, or the dialog closed while
  // it loaded) is dropped rather than shown as this file's.
  const chosenRef = useRef(0);

  const reset = () => {
    chosenRef.current += 1;
    setFile(null);
    setPreview(null);
    setProblem(null);
  };

  const choose = async (chosen: File | undefined) => {
    reset();
    if (!chosen) return;
    if (chosen.size > CALENDAR_IMPORT_MAX_BYTES) {
      setProblem(messages.calendarFileTooLarge);
      return;
    }
    const choice = chosenRef.current;
    const next = { fileName: chosen.name, content: await chosen.text() };
    if (choice !== chosenRef.current) return;
    setFile(next);
    try {
      const answer = await previewing.mutateAsync({ id: circle.id, ...next });
      if (choice === chosenRef.current) setPreview(answer);
    } catch (error) {
      if (choice !== chosenRef.current) return;
      setProblem(serverMessage(error, "The file could not be read. Please try again."));
    }
  };

  const runImport = async () => {
    if (!file) return;
    try {
      const result = await importing.mutateAsync({ id: circle.id, ...file });
      await invalidatePlans();
      const added = `${result.created} ${result.created === 1 ? "plan" : "plans"}`;
      toast.success(`Imported ${added} into ${circle.name}`, {
        ...(result.updated > 0 ? { description: `${result.updated} updated` } : {}),
      });
      onOpenChange(false);
      reset();
    } catch (error) {
      setProblem(serverMessage(error, "The calendar could not be imported. Please try again."));
    }
  };

  const writes = preview ? preview.newPlans + preview.updatedPlans : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Import calendar</DialogTitle>
          <DialogDescription>
            Add the events of an .ics file (from Google, Apple, Outlook or a school's site) to{" "}
            {circle.name} as your plans. Up to 2 MB.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Calendar file</Label>
          <input
            id={inputId}
            type="file"
            accept=".ics,text/calendar"
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
            disabled={previewing.isPending || importing.isPending}
            onChange={(change) => void choose(change.target.files?.[0])}
          />
        </div>
        {previewing.isPending ? <p className="text-sm">Reading the file...</p> : null}
        {problem ? (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        {preview ? <CalendarImportSummary preview={preview} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!preview || writes === 0 || importing.isPending}
            onClick={() => void runImport()}
          >
            {importing.isPending ? "Importing..." : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
