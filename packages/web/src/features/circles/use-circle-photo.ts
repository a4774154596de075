import { usePhotoChooser } from "@/features/photos/use-photo-chooser";
import { serverMessage } from "@/lib/errors";
import { PhotoUploadError } from "@/lib/photo-upload";
import { toast } from "@/lib/toast";

/**
 * Choosing a circle photo (spec sections 2, 4 and 5): the photo chooser, with the circle
 * screens' one failure toast (spec section 2: "Processing failure: Failed to process image").
 * `onUploaded` stores the key, or keeps it for the circle about to be created.
 */
export function useCirclePhoto({
  onUploaded,
}: {
  onUploaded: (photoUploadKey: string, photo: Blob) => Promise<void> | void;
}) {
  return usePhotoChooser({
    save: onUploaded,
    onFailure: (error) =>
      toast.error("Failed to process image", {
        description:
          error instanceof PhotoUploadError
            ? error.description
            : serverMessage(error, "Please try again."),
      }),
    inputTestId: "circle-photo-input",
  });
}
