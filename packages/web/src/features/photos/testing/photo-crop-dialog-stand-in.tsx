import type { PhotoCropDialogProps } from "../photo-crop-dialog";

/** What the stand-in's Save Photo hands back, so a test can tell it is what got uploaded. */
export const CROPPED = new Blob(["jpeg"], { type: "image/jpeg" });

/**
 * Takes the crop dialog's place in the tests of what opens it (the dialog has tests of its
 * own): Save Photo crops at once, Cancel closes, and the upload's progress shows as text.
 * `vi.mock("@/features/photos/photo-crop-dialog", () => import(<this file>))`.
 */
export function PhotoCropDialog({
  file,
  open,
  onOpenChange,
  onCropped,
  saving,
  progress,
}: PhotoCropDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label={`Crop ${file?.name}`}>
      {saving ? <p>Uploading {Math.round((progress ?? 0) * 100)}%</p> : null}
      <button type="button" onClick={() => onCropped(CROPPED)}>
        Save Photo
      </button>
      <button type="button" onClick={() => onOpenChange(false)}>
        Cancel
      </button>
    </div>
  );
}
