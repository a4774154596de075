import type { PublicUser } from "@circleplan/shared/auth-outputs";
import { messages } from "@circleplan/shared/messages";
import { ImageUp, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { usePhotoChooser } from "@/features/photos/use-photo-chooser";
import { serverMessage } from "@/lib/errors";
import { PhotoUploadError } from "@/lib/photo-upload";
import { toast } from "@/lib/toast";
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
  const uploadButton = useRef<HTMLButtonElement>(null);
  const chooser = usePhotoChooser({
    save: async (photoUploadKey) => {
      const { photoUrl } = await setUserPhoto.mutateAsync({ photoUploadKey });
      showPhoto(photoUrl);
      toast.success("Photo updated", { description: "Your new profile photo is saved." });
    },
    onFailure: (error, step) => {
      if (step === "save") {
        toast.error("Failed to upload photo", {
          description: serverMessage(error, messages.photoUnreadable),
        });
      } else if (error instanceof PhotoUploadError) {
        toast.error(error.title, { description: error.description });
      } else {
        toast.error(messages.photoUnreadable);
      }
    },
  });

  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const busy = chooser.saving || removeUserPhoto.isPending;

  /** The menu's avatar and every member list show the photo: all of them learn of the change. */
  function showPhoto(photoUrl: string | null) {
    utils.auth.user.setData(undefined, (current) => (current ? { ...current, photoUrl } : current));
    void utils.auth.user.invalidate();
    void utils.circles.invalidate();
  }

  async function onRemove() {
    try {
      await removeUserPhoto.mutateAsync();
      showPhoto(null);
      toast.success(messages.photoRemoved, { description: "Your initials show in its place." });
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
              onClick={chooser.choose}
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
        </div>
      </CardContent>
      {chooser.elements}
    </Card>
  );
}
