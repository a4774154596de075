import type { Circle } from "@circleplan/shared/circle-outputs";
import { messages } from "@circleplan/shared/messages";
import { ImagePlus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CircleAvatar, SETTINGS_FALLBACK_COLOR } from "@/components/ui/circle-avatar";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";
import { isCircleAdmin } from "./circle-permissions";
import { useCirclePhoto } from "./use-circle-photo";

/**
 * Appearance (spec section 2): the circle's photo, its first letter when it has none. Admins
 * upload one (crop, then upload with progress) or remove it.
 */
export function CirclePhotoCard({ circle }: { circle: Circle }) {
  const update = trpc.circles.update.useMutation();
  const cache = useCircleCache();
  const admin = isCircleAdmin(circle);
  const chooser = useCirclePhoto({
    onUploaded: async (photoUploadKey) => {
      const updated = await update.mutateAsync({ id: circle.id, photoUploadKey });
      await cache.circleSaved(updated);
      toast.success("Photo updated", { description: `${circle.name} has a new photo.` });
    },
  });

  async function removePhoto() {
    try {
      const updated = await update.mutateAsync({ id: circle.id, photo: null });
      await cache.circleSaved(updated);
      toast.success(messages.photoRemoved, {
        description: `${circle.name} shows its first letter again.`,
      });
    } catch (error) {
      toast.error("Failed to update circle", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  const busy = update.isPending || chooser.saving;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Circle Photo</CardTitle>
        <CardDescription>
          {admin
            ? "Shown in the circle strip and on the circle's page. Any image up to 5 MB."
            : "Only admins can change the circle photo."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 sm:flex-row">
        <CircleAvatar
          name={circle.name}
          color={circle.color}
          src={circle.photoUrl}
          fallbackColor={SETTINGS_FALLBACK_COLOR}
          className="size-24"
          letterClassName="text-4xl"
        />
        {admin ? (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={chooser.choose} disabled={busy}>
              <ImagePlus aria-hidden="true" />
              {circle.photoUrl ? "Change Photo" : "Upload Photo"}
            </Button>
            {circle.photoUrl ? (
              <Button variant="ghost" onClick={() => void removePhoto()} disabled={busy}>
                <Trash2 aria-hidden="true" />
                Remove Photo
              </Button>
            ) : null}
          </div>
        ) : null}
        {chooser.elements}
      </CardContent>
    </Card>
  );
}
