import { type ChangeEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { PhotoCropDialog } from "@/features/photos/photo-crop-dialog";
import { serverMessage } from "@/lib/errors";
import { PhotoUploadError, photoFileProblem, uploadPhoto } from "@/lib/photo-upload";

/**
 * Choosing a circle photo (spec sections 2, 4 and 5): pick a file (refused at once when it is no
 * image or over 5 MB), crop it square, upload the JPEG with visible progress, then hand its key
 * to `onUploaded`, which stores it. The crop dialog closes once that has worked; cancelling it
 * stops the upload.
 */
export function useCirclePhoto({
  onUploaded,
}: {
  onUploaded: (photoUploadKey: string, photo: Blob) => Promise<void> | void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [cropping, setCropping] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared, so choosing the same file again still reports a change.
    event.target.value = "";
    if (!chosen) return;
    const problem = photoFileProblem(chosen);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setFile(chosen);
    setCropping(true);
  }

  async function onCropped(photo: Blob) {
    const controller = new AbortController();
    upload.current = controller;
    setSaving(true);
    setProgress(0);
    try {
      const key = await uploadPhoto(photo, { onProgress: setProgress, signal: controller.signal });
      await onUploaded(key, photo);
      setCropping(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      toast.error("Failed to process image", {
        description:
          error instanceof PhotoUploadError
            ? error.description
            : serverMessage(error, "Please try again."),
      });
    } finally {
      if (upload.current === controller) upload.current = null;
      setSaving(false);
      setProgress(null);
    }
  }

  function onOpenChange(open: boolean) {
    if (!open) upload.current?.abort();
    setCropping(open);
  }

  return {
    /** Opens the browser's file picker. */
    choose: () => inputRef.current?.click(),
    saving,
    /** Render once, anywhere: the hidden file input and the crop dialog. */
    elements: (
      <>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          onChange={onFileChange}
          data-testid="circle-photo-input"
        />
        <PhotoCropDialog
          file={file}
          open={cropping}
          onOpenChange={onOpenChange}
          onCropped={(photo) => void onCropped(photo)}
          saving={saving}
          progress={progress}
        />
      </>
    ),
  };
}
