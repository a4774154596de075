import { ATTACHMENTS_PER_PLAN_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { FileText, Paperclip, Undo2, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, OptionalMark } from "@/components/ui/field";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import {
  ACCEPTED_ATTACHMENTS,
  type Attachment,
  attachmentProblem,
  uploadAttachment,
} from "./attachment-upload";

/**
 * The files a plan will have once saved: those it has (some marked to go) and those chosen
 * now. Nothing is sent before Save Changes, so Cancel leaves the plan's files as they were.
 */
export function useAttachmentDraft(existing: readonly Attachment[]) {
  const [chosen, setChosen] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = trpc.attachments.remove.useMutation();
  const kept = existing.length - removed.length;

  return {
    existing,
    chosen,
    removed,
    problem,
    room: ATTACHMENTS_PER_PLAN_MAX - kept - chosen.length,
    add(files: readonly File[]) {
      const refused = files.map(attachmentProblem).find(Boolean) ?? null;
      const fine = files.filter((file) => !attachmentProblem(file));
      const room = ATTACHMENTS_PER_PLAN_MAX - kept - chosen.length;
      setChosen([...chosen, ...fine.slice(0, Math.max(room, 0))]);
      setProblem(refused ?? (fine.length > room ? messages.attachmentsTooMany : null));
    },
    unchoose(index: number) {
      setChosen(chosen.filter((_, at) => at !== index));
      setProblem(null);
    },
    toggleRemoved(id: number) {
      setRemoved(removed.includes(id) ? removed.filter((other) => other !== id) : [...removed, id]);
      setProblem(null);
    },
    /**
     * After the plan is saved: removals first (they make room), then uploads. Each failure has
     * its own toast; answers how many failed.
     */
    async save(planId: number): Promise<number> {
      let failed = 0;
      for (const attachmentId of removed) {
        try {
          await remove.mutateAsync({ id: planId, attachmentId });
        } catch (error) {
          failed += 1;
          toast.error("Failed to remove attachment", {
            description: serverMessage(error, "Please try again."),
          });
        }
      }
      for (const file of chosen) {
        try {
          await uploadAttachment(planId, file);
        } catch (error) {
          failed += 1;
          toast.error("Failed to upload attachment", {
            description: `${file.name}: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
      }
      return failed;
    },
    get changed() {
      return chosen.length > 0 || removed.length > 0;
    },
  };
}

export type AttachmentDraft = ReturnType<typeof useAttachmentDraft>;

/** Attachments (spec section 5): pdf, doc, docx, txt, jpg, jpeg, png, gif; several. */
export function AttachmentsField({
  draft,
  disabled,
}: {
  draft: AttachmentDraft;
  disabled: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const errorId = draft.problem ? `${inputId}-error` : undefined;
  const empty = draft.existing.length === 0 && draft.chosen.length === 0;

  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-2 flex items-center gap-1.5 text-sm leading-none font-medium">
        <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
        Attachments
        <OptionalMark />
      </legend>
      {empty ? null : (
        <ul className="grid gap-1.5" aria-label="Attached files">
          {draft.existing.map((file) => {
            const going = draft.removed.includes(file.id);
            return (
              <li
                key={file.id}
                className="flex items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-3 text-sm"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className={cn(
                    "min-w-0 flex-1 truncate text-primary underline-offset-4 hover:underline",
                    going && "text-muted-foreground line-through",
                  )}
                >
                  {file.fileName}
                </a>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label={going ? `Keep ${file.fileName}` : `Remove ${file.fileName}`}
                  disabled={disabled}
                  onClick={() => draft.toggleRemoved(file.id)}
                >
                  {going ? <Undo2 aria-hidden="true" /> : <X aria-hidden="true" />}
                </Button>
              </li>
            );
          })}
          {draft.chosen.map((file, index) => (
            <li
              // Chosen files have no id; the list only changes by adding at the end or removing.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${file.name}-${index}`}
              className="flex items-center gap-2 rounded-md border border-dashed py-1 pr-1 pl-3 text-sm"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">to upload</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => draft.unchoose(index)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_ATTACHMENTS}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(change) => {
            draft.add(Array.from(change.target.files ?? []));
            change.target.value = "";
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || draft.room <= 0}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          Add files
        </Button>
        <span className="ml-3 text-xs text-muted-foreground">
          PDF, Word, text or images; up to 5 MB each.
        </span>
      </div>
      <FieldError id={errorId} message={draft.problem ?? undefined} />
    </fieldset>
  );
}
