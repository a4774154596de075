import type { PublicUser } from "@circleplan/shared/auth-outputs";
import { messages } from "@circleplan/shared/messages";
import { ImageUp, Trash2 } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PhotoCropDialog } from "@/features/photos/photo-crop-dialog";
import { serverMessage } from "@/lib/errors";
import { PhotoUploadError, photoFileProblem, uploadPhoto } from "@/lib/photo-upload";
import { trpc } from "@/lib/trpc";
import { initials } from "@/lib/utils";

/**
 * The profile photo (accounts spec, sections 2 and 4): choose a file, crop it square, and the
 * crop is uploaded straight to storage, then named to the server, which checks it, strips its
 * metadata and stores it. The dialog stays open, showing the upload's progress, until it worked.
 */
export function ProfilePhotoCard({ user }: { user: PublicUser }) {
  const utils = trpc.useUtils();
  const setUserPhoto = trpc.photos.setUserPhoto.useMutation();
  const removeUserPhoto = trpc.photos.removeUserPhoto.useMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [cropOpen, setCropOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const busy = saving || removeUserPhoto.isPending;

  /** The menu's avatar and every member list show the photo: all of them learn of the change. */
  function showPhoto(photoUrl: string | null) {
    utils.auth.user.setData(undefined, (current) => (current ? { ...current, photoUrl } : current));
    void utils.auth.user.invalidate();
    void utils.circles.invalidate();
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Choosing the same file again must still open the dialog.
    event.target.value = "";
    if (!chosen) return;
    const problem = photoFileProblem(chosen);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setFile(chosen);
    setCropOpen(true);
  }

  async function onCropped(blob: Blob) {
    const controller = new AbortController();
    upload.current = controller;
    setSaving(true);
    setProgress(0);
    try {
      let photoUploadKey: string;
      try {
        photoUploadKey = await uploadPhoto(blob, {
          onProgress: setProgress,
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof PhotoUploadError) {
          toast.error(error.title, { description: error.description });
        } else {
          toast.error(messages.photoUnreadable);
        }
        return;
      }
      // Cancelled while the bytes were on their way: the unnamed upload is never used.
      if (controller.signal.aborted) return;
      try {
        const { photoUrl } = await setUserPhoto.mutateAsync({ photoUploadKey });
        showPhoto(photoUrl);
        setCropOpen(false);
        toast.success("Photo updated", { description: "Your new profile photo is saved." });
      } catch (error) {
        toast.error("Failed to upload photo", {
          description: serverMessage(error, messages.photoUnreadable),
        });
      }
    } finally {
      if (upload.current === controller) upload.current = null;
      setSaving(false);
      setProgress(null);
    }
  }

  function onCropOpenChange(open: boolean) {
    if (open) return;
    upload.current?.abort();
    setCropOpen(false);
  }

  async function onRemove() {
    try {
      await removeUserPhoto.mutateAsync();
      showPhoto(null);
      toast.success("Photo removed", { description: "Your initials show in its place." });
      // The Remove button is disabled now: the keyboard's place moves to its neighbour.
      uploadButton.current?.focus();
    } catch (error) {
      toast.error("Failed to remove photo", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 sm:flex-row">
        <Avatar className="size-20">
          {user.photoUrl ? (
            <AvatarImage src={user.photoUrl} alt={`Profile photo of ${name}`} />
          ) : null}
          <AvatarFallback className="text-2xl">
            {initials(user.firstName, user.lastName, user.username)}
          </AvatarFallback>
        </Avatar>
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              ref={uploadButton}
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => fileInput.current?.click()}
            >
              <ImageUp aria-hidden="true" />
              Upload Photo
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={busy || !user.photoUrl}
              onClick={() => void onRemove()}
            >
              <Trash2 aria-hidden="true" />
              {removeUserPhoto.isPending ? "Removing..." : "Remove Photo"}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          {/* Opened by Upload Photo: a styled button, and the only way in for the keyboard. */}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={onChoose}
          />
        </div>
      </CardContent>
      <PhotoCropDialog
        file={file}
        open={cropOpen}
        onOpenChange={onCropOpenChange}
        onCropped={(blob) => void onCropped(blob)}
        saving={saving}
        progress={progress}
      />
    </Card>
  );
}
