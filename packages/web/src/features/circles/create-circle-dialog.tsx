import type { Circle } from "@circleplan/shared/circle-outputs";
import {
  circleDescriptionField,
  circleNameField,
  hexColorField,
  invitationMessageField,
} from "@circleplan/shared/circle-schemas";
import { INVITE_BATCH_MAX } from "@circleplan/shared/limits";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, CircleCheck, ImagePlus, Trash2, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useLocation } from "wouter";
import * as z from "zod";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { CircleAvatar, textColorOn } from "@/components/ui/circle-avatar";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { emailInput, TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { serverMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";
import { COLOR_CHOICES, NEW_CIRCLE_COLOR } from "./circle-colors";
import { addInviteEmail, DUPLICATE_EMAIL } from "./invite-emails";
import { INVITE_MESSAGE_PLACEHOLDER } from "./invite-form";
import { useCirclePhoto } from "./use-circle-photo";

/** A personal circle comes with the account; these are the ones a person makes. */
const NEW_CIRCLE_TYPES = [
  { value: "family", label: "Family" },
  { value: "work", label: "Work" },
  { value: "custom", label: "Custom" },
] as const;

const detailsForm = z.object({
  name: circleNameField,
  description: circleDescriptionField,
  color: hexColorField,
  type: z.enum(["family", "work", "custom"]),
});
type DetailsInput = z.input<typeof detailsForm>;
type Details = z.output<typeof detailsForm>;

/** Progress through the steps as the spec gives it: 33, 66, 99, then 100 when done. */
const STEPS = {
  details: { progress: 33, title: "Create a New Circle", number: 1 },
  photo: { progress: 66, title: "Add a Circle Photo", number: 2 },
  invites: { progress: 99, title: "Invite Members", number: 3 },
  success: { progress: 100, title: "Circle Created", number: 3 },
} as const;
type StepName = keyof typeof STEPS;

interface CreateCircleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back where the dialog was opened from, unless the person went on to the circle. */
  restoreFocus?: () => void;
}

/**
 * The Create a New Circle dialog (spec sections 2 and 4): details, an optional photo, create,
 * invites, success. Closing at any step discards what was typed; a circle already created stays.
 */
export function CreateCircleDialog({ open, onOpenChange, restoreFocus }: CreateCircleDialogProps) {
  const wentToCircle = useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-lg"
        onOpenAutoFocus={() => {
          wentToCircle.current = false;
        }}
        onCloseAutoFocus={(event) => {
          // Opened from a menu (gone by now) or the strip: focus goes back to what opened it,
          // or stays with the new circle's heading, which takes it after the navigation.
          event.preventDefault();
          if (!wentToCircle.current) restoreFocus?.();
        }}
      >
        {/* The content unmounts on closing, so the next opening starts from the first step. */}
        <CreateCircleFlow
          onClose={() => onOpenChange(false)}
          onWentToCircle={() => {
            wentToCircle.current = true;
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function CreateCircleFlow({
  onClose,
  onWentToCircle,
}: {
  onClose: () => void;
  onWentToCircle: () => void;
}) {
  const [step, setStep] = useState<StepName>("details");
  const [details, setDetails] = useState<Details | null>(null);
  const [created, setCreated] = useState<Circle | null>(null);
  // Kept here, so going Back to the details and on again keeps the chosen photo.
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [, navigate] = useLocation();

  // The preview is a blob URL: freed when it is replaced or the dialog closes.
  useEffect(() => {
    const url = photo?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [photo]);
  const { progress, title, number } = STEPS[step];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {step === "success" ? "All done" : `Step ${number} of 3`}
        </DialogDescription>
      </DialogHeader>
      <Progress value={progress} aria-label="Circle creation progress" />
      {step === "details" ? (
        <DetailsStep
          initial={details}
          onCancel={onClose}
          onNext={(values) => {
            setDetails(values);
            setStep("photo");
          }}
        />
      ) : null}
      {step === "photo" && details ? (
        <PhotoStep
          details={details}
          photo={photo}
          onPhoto={setPhoto}
          onBack={() => setStep("details")}
          onCreated={(circle) => {
            setCreated(circle);
            setStep("invites");
          }}
        />
      ) : null}
      {step === "invites" && created ? (
        <InvitesStep circle={created} onDone={() => setStep("success")} />
      ) : null}
      {step === "success" && created ? (
        <SuccessStep
          circle={created}
          onDone={onClose}
          onOpenCircle={() => {
            onWentToCircle();
            onClose();
            navigate(paths.circle.build(created.id));
          }}
        />
      ) : null}
    </>
  );
}

function DetailsStep({
  initial,
  onCancel,
  onNext,
}: {
  initial: Details | null;
  onCancel: () => void;
  onNext: (details: Details) => void;
}) {
  const form = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(detailsForm),
    defaultValues: {
      name: initial?.name ?? "",
      description: initial?.description ?? "",
      color: initial?.color ?? NEW_CIRCLE_COLOR,
      type: initial?.type ?? "custom",
    },
  });
  const color = useWatch({ control: form.control, name: "color" });
  const colorError = form.formState.errors.color?.message;
  const customColorId = useId();

  return (
    <form noValidate onSubmit={form.handleSubmit(onNext)} className="grid gap-4">
      <TextField
        form={form}
        name="name"
        id="create-circle-name"
        label="Circle Name"
        placeholder="e.g. The Smiths"
        autoComplete="off"
        autoFocus
      />
      <Field
        id="create-circle-description"
        label="Description"
        optional
        error={form.formState.errors.description?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register("description")}
            rows={2}
            placeholder="What is this circle for?"
          />
        )}
      </Field>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Type</legend>
        <div className="grid grid-cols-3 gap-2">
          {NEW_CIRCLE_TYPES.map((type) => (
            <label
              key={type.value}
              htmlFor={`create-circle-type-${type.value}`}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 py-2.5 text-sm transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                id={`create-circle-type-${type.value}`}
                type="radio"
                value={type.value}
                className="size-4 accent-primary focus-visible:outline-none"
                {...form.register("type")}
              />
              {type.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset
        className="grid gap-2"
        aria-describedby={colorError ? "create-circle-color-error" : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium">Colour</legend>
        <div className="flex flex-wrap items-center gap-2">
          {COLOR_CHOICES.map((choice) => {
            const checked = color.toUpperCase() === choice.value;
            return (
              <label
                key={choice.value}
                className="relative flex size-9 items-center justify-center rounded-full ring-offset-2 ring-offset-card has-checked:ring-2 has-checked:ring-foreground"
                style={{ backgroundColor: choice.value, color: textColorOn(choice.value) }}
              >
                {/* The radio itself covers the swatch, so it is what a pointer presses. */}
                <input
                  type="radio"
                  name="create-circle-color"
                  value={choice.value}
                  checked={checked}
                  onChange={() => form.setValue("color", choice.value, { shouldDirty: true })}
                  aria-label={choice.name}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
                />
                {checked ? (
                  <Check aria-hidden="true" className="pointer-events-none size-4" />
                ) : null}
              </label>
            );
          })}
          <span className="ml-1 flex items-center gap-2">
            <input
              id={customColorId}
              type="color"
              value={color.toLowerCase()}
              onChange={(event) =>
                form.setValue("color", event.target.value.toUpperCase(), { shouldDirty: true })
              }
              className="h-9 w-12 cursor-pointer rounded-md border border-input bg-card p-1"
            />
            <Label htmlFor={customColorId} className="font-normal text-muted-foreground">
              Other colour
            </Label>
          </span>
        </div>
        <FieldError id="create-circle-color-error" message={colorError} />
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Next</Button>
      </DialogFooter>
    </form>
  );
}

interface ChosenPhoto {
  /** The uploaded bytes' key, sent as `photoUploadKey` on creation. */
  key: string;
  previewUrl: string;
}

function PhotoStep({
  details,
  photo,
  onPhoto,
  onBack,
  onCreated,
}: {
  details: Details;
  photo: ChosenPhoto | null;
  onPhoto: (photo: ChosenPhoto | null) => void;
  onBack: () => void;
  onCreated: (circle: Circle) => void;
}) {
  const create = trpc.circles.create.useMutation();
  const cache = useCircleCache();
  const chooser = useCirclePhoto({
    onUploaded: (key, blob) => onPhoto({ key, previewUrl: URL.createObjectURL(blob) }),
  });

  async function createCircle() {
    try {
      const circle = await create.mutateAsync({
        ...details,
        ...(photo ? { photoUploadKey: photo.key } : {}),
      });
      toast.success("Circle created successfully", { description: circle.name });
      void cache.circleCreated();
      onCreated(circle);
    } catch (error) {
      toast.error("Failed to create circle", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        A photo helps everyone recognise the circle. You can add or change it later in the circle's
        settings.
      </p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <CircleAvatar
          name={details.name}
          color={details.color}
          src={photo?.previewUrl}
          className="size-24"
          letterClassName="text-4xl"
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={chooser.choose}
            disabled={create.isPending}
          >
            <ImagePlus aria-hidden="true" />
            {photo ? "Change Photo" : "Choose Photo"}
          </Button>
          {photo ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => onPhoto(null)}
              disabled={create.isPending}
            >
              <Trash2 aria-hidden="true" />
              Remove Photo
            </Button>
          ) : null}
        </div>
      </div>
      {chooser.elements}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={create.isPending}>
          Back
        </Button>
        <Button type="button" onClick={() => void createCircle()} disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create Circle"}
        </Button>
      </DialogFooter>
    </div>
  );
}

function InvitesStep({ circle, onDone }: { circle: Circle; onDone: () => void }) {
  const invite = trpc.invitations.inviteMany.useMutation();
  const cache = useCircleCache();
  const [emails, setEmails] = useState<string[]>([]);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [messageError, setMessageError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const result = addInviteEmail(emails, typed);
    if (!result.ok) {
      setError(result.message);
      if (result.reason === "duplicate") {
        toast.error(DUPLICATE_EMAIL.title, { description: DUPLICATE_EMAIL.description });
      }
      emailRef.current?.focus();
      return;
    }
    setEmails(result.emails);
    setTyped("");
    setError(null);
    emailRef.current?.focus();
  }

  async function send() {
    const parsedMessage = invitationMessageField.safeParse(message);
    if (!parsedMessage.success) {
      setMessageError(parsedMessage.error.issues[0]?.message ?? null);
      return;
    }
    setMessageError(null);
    try {
      const result = await invite.mutateAsync({
        id: circle.id,
        inviteEmails: emails,
        inviteMessage: parsedMessage.data,
      });
      const sent = result.invitations.length;
      toast.success("Invitations sent", {
        description:
          sent === 1
            ? `We emailed an invitation to ${result.invitations[0]?.email}.`
            : `We emailed invitations to ${sent} people.`,
      });
      void cache.invitationsChanged(circle.id);
      onDone();
    } catch (failure) {
      toast.error("Failed to send invitations", {
        description: serverMessage(failure, "Please try again."),
      });
    }
  }

  const full = emails.length >= INVITE_BATCH_MAX;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Invite people to <span className="font-medium text-foreground">{circle.name}</span> by
        email. Each gets a link to join that works for 10 days.
      </p>
      <form noValidate onSubmit={add} className="grid gap-2">
        <Label htmlFor="create-circle-invite-email">Email Address</Label>
        <div className="flex gap-2">
          <Input
            ref={emailRef}
            id="create-circle-invite-email"
            {...emailInput}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            placeholder="name@example.com"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "create-circle-invite-email-error" : undefined}
            disabled={full || invite.isPending}
          />
          <Button type="submit" variant="outline" disabled={full || invite.isPending}>
            Add
          </Button>
        </div>
        <FieldError id="create-circle-invite-email-error" message={error ?? undefined} />
      </form>

      {emails.length > 0 ? (
        <ul aria-label="People to invite" className="grid gap-1.5">
          {emails.map((email) => (
            <li
              key={email}
              className="flex items-center justify-between gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 wrap-anywhere">{email}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Remove ${email}`}
                disabled={invite.isPending}
                onClick={() => setEmails(emails.filter((other) => other !== email))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nobody added yet.</p>
      )}

      <Field
        id="create-circle-invite-message"
        label="Message"
        optional
        error={messageError ?? undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={INVITE_MESSAGE_PLACEHOLDER}
            disabled={invite.isPending}
          />
        )}
      </Field>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={invite.isPending}>
          Skip
        </Button>
        <Button
          type="button"
          onClick={() => void send()}
          disabled={emails.length === 0 || invite.isPending}
        >
          {invite.isPending ? "Sending..." : "Send Invitations"}
        </Button>
      </DialogFooter>
    </div>
  );
}

function SuccessStep({
  circle,
  onDone,
  onOpenCircle,
}: {
  circle: Circle;
  onDone: () => void;
  onOpenCircle: () => void;
}) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-col items-center gap-2 py-2 text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-success-foreground" />
        <p className="text-base font-semibold wrap-anywhere">{circle.name} is ready</p>
        <p className="text-sm text-muted-foreground">
          Shared plans and members live on the circle's page.
        </p>
      </div>
      <DialogFooter className="sm:justify-center">
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
        <Button type="button" onClick={onOpenCircle}>
          Go to Circle
        </Button>
      </DialogFooter>
    </div>
  );
}
