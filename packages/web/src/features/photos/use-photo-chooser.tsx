import { type ChangeEvent, useRef, useState } from "react";
import { photoFileProblem, uploadPhoto } from "@/lib/photo-upload";
import { toast } from "@/lib/toast";
import { PhotoCropDialog } from "./photo-crop-dialog";

/** Where a photo failed: its bytes on their way to storage, or the owner storing its key. */
export type PhotoStep = "upload" | "save";

export interface PhotoChooserOptions {
  /**
   * Stores the uploaded photo by its key (a circle's or the user's photo) or keeps it for a
   * later call. The crop dialog closes once this has worked; when it throws, it stays open.
   */
  save: (photoUploadKey: string, photo: Blob) => Promise<void> | void;
  /** The toast for a failure: the spec words them differently for circles and the profile. */
  onFailure: (error: unknown, step: PhotoStep) => void;
  /** Lets browser tests set the file without the browser's file picker. */
  inputTestId?: string;
}

/**
 * Choosing a photo (accounts spec, sections 2, 4 and 5): pick a file (refused at once when it is
 * no image or over 5 MB), crop it square, upload the JPEG straight to storage with its progress
 * shown, then `save` its key. Cancelling the crop dialog stops the upload, and whatever fails
 * after that is not reported: the person is no longer waiting for it.
 */
export function usePhotoChooser({ save, onFailure, inputTestId }: PhotoChooserOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [cropping, setCropping] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Cleared, so choosing the same file again still opens the dialog.
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
    let step: PhotoStep = "upload";
    try {
      const key = await uploadPhoto(photo, { onProgress: setProgress, signal: controller.signal });
      // Cancelled while the bytes were on their way: the unnamed upload is never used.
      if (controller.signal.aborted) return;
      step = "save";
      await save(key, photo);
      setCropping(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      onFailure(error, step);
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
    /** A crop is on its way to storage or being saved: the owner's buttons wait. */
    saving,
    /** Render once, anywhere: the hidden file input and the crop dialog. */
    elements: (
      <>
        {/* Opened by the owner's styled button, which is the only way in for the keyboard. */}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFileChange}
          data-testid={inputTestId}
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
