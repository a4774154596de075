import type { Circle } from "@circleplan/shared/circle-outputs";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { type Details, DetailsStep } from "./details-step";
import { InvitesStep } from "./invites-step";
import { PhotoStep } from "./photo-step";
import { SuccessStep } from "./success-step";
import type { ChosenPhoto } from "./use-create-circle";

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
