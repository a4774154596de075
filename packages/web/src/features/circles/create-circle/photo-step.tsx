import type { Circle } from "@circleplan/shared/circle-outputs";
import { ImagePlus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CircleAvatar } from "@/components/ui/circle-avatar";
import { DialogFooter } from "@/components/ui/dialog";
import { useCirclePhoto } from "../use-circle-photo";
import type { Details } from "./details-step";
import { type ChosenPhoto, useCreateCircle } from "./use-create-circle";

/** Step 2: an optional photo, then Create Circle. */
export function PhotoStep({
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
  const create = useCreateCircle();
  const chooser = useCirclePhoto({
    onUploaded: (key, blob) => onPhoto({ key, previewUrl: URL.createObjectURL(blob) }),
  });

  async function createCircle() {
    const circle = await create.createCircle(details, photo);
    if (circle) onCreated(circle);
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
