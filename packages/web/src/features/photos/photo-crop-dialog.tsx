import { useEffect, useId, useRef, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { Slider } from "@/components/ui/slider";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { cropToJpeg } from "./crop-image";

/** Zoom of the crop (accounts spec, section 9): 1 to 3 in steps of 0.1. */
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;

export interface PhotoCropDialogProps {
  file: File | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The square crop as JPEG; the dialog stays open until the owner closes it. */
  onCropped(blob: Blob): void;
  /** The owner is storing the crop: the buttons wait, and `progress` (0 to 1) shows how far. */
  saving?: boolean;
  progress?: number | null;
}

const START: Point = { x: 0, y: 0 };

/**
 * Square crop of a chosen photo, with a zoom slider (accounts spec, sections 2 and 4): Cancel
 * discards it, Save Photo hands the crop to the owner, who uploads it and closes the dialog
 * once the upload has succeeded.
 */
export function PhotoCropDialog({
  file,
  open,
  onOpenChange,
  onCropped,
  saving = false,
  progress = null,
}: PhotoCropDialogProps) {
  const source = usePhotoSource(open ? file : null, () => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Crop Photo</DialogTitle>
          <DialogDescription>
            Drag the photo, or use the arrow keys, to place it in the square, then zoom to fit.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by the photo: a new one starts centred and unzoomed. */}
        <CropEditor
          key={source ?? ""}
          source={source}
          onCancel={() => onOpenChange(false)}
          onBroken={() => onOpenChange(false)}
          onCropped={onCropped}
          saving={saving}
          progress={progress}
        />
      </DialogContent>
    </Dialog>
  );
}

function CropEditor({
  source,
  onCancel,
  onBroken,
  onCropped,
  saving,
  progress,
}: {
  source: string | null;
  onCancel: () => void;
  onBroken: () => void;
  onCropped: (blob: Blob) => void;
  saving: boolean;
  progress: number | null;
}) {
  const [crop, setCrop] = useState<Point>(START);
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [cropping, setCropping] = useState(false);
  const zoomLabelId = useId();
  const progressLabelId = useId();

  async function save() {
    if (!source || !area) return;
    setCropping(true);
    try {
      onCropped(await cropToJpeg(source, area));
    } catch {
      toast.error("Cropping failed", { description: "There was an error processing the image" });
    } finally {
      setCropping(false);
    }
  }

  const busy = cropping || saving;

  return (
    <>
      <div className="relative h-72 w-full overflow-hidden rounded-lg bg-muted sm:h-80">
        {source ? (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            minZoom={CROP_ZOOM.min}
            maxZoom={CROP_ZOOM.max}
            aspect={1}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            mediaProps={{
              onError: () => {
                toast.error("Failed to create preview", {
                  description: "This image could not be shown. Please choose another one.",
                });
                onBroken();
              },
            }}
            cropperProps={{
              role: "group",
              "aria-label": "Crop area: the arrow keys move the photo",
            }}
          />
        ) : (
          <div className="flex h-full items-center justify-center text-primary">
            <Spinner className="size-7" label="Loading photo" />
          </div>
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <span id={zoomLabelId} className="font-medium">
            Zoom
          </span>
          <span className="text-muted-foreground tabular-nums" aria-hidden="true">
            {zoom.toFixed(1)}×
          </span>
        </div>
        <Slider
          aria-labelledby={zoomLabelId}
          aria-valuetext={`${zoom.toFixed(1)} times`}
          min={CROP_ZOOM.min}
          max={CROP_ZOOM.max}
          step={CROP_ZOOM.step}
          value={[zoom]}
          onValueChange={([value]) => setZoom(value ?? CROP_ZOOM.min)}
          disabled={!source || busy}
        />
      </div>
      {saving && progress !== null ? (
        <div className="grid gap-1.5">
          <span id={progressLabelId} className="text-sm text-muted-foreground">
            Uploading photo… {Math.round(progress * 100)}%
          </span>
          <Progress aria-labelledby={progressLabelId} value={Math.round(progress * 100)} />
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={!area || busy}>
          {busy ? "Saving..." : "Save Photo"}
        </Button>
      </DialogFooter>
    </>
  );
}

/** The chosen file as a data URL for the cropper; null while it is being read. */
function usePhotoSource(file: File | null, onFailed: () => void): string | null {
  const [source, setSource] = useState<{ file: File; url: string } | null>(null);
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.addEventListener("load", () => {
      if (typeof reader.result === "string") setSource({ file, url: reader.result });
    });
    reader.addEventListener("error", () => {
      toast.error("Failed to read image", {
        description: "There was an error reading the image file.",
      });
      failed.current();
    });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  return source && source.file === file ? source.url : null;
}
