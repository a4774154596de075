import type { Circle } from "@circleplan/shared/circle-outputs";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "../circle-cache";
import type { Details } from "./details-step";

export interface ChosenPhoto {
  /** The uploaded bytes' key, sent as `photoUploadKey` on creation. */
  key: string;
  previewUrl: string;
}

/**
 * Creates the circle from the dialog's details and chosen photo, with the spec's toasts
 * (section 8), and refreshes the circle strip. Answers the new circle, or null when it failed
 * (the toast has said why).
 */
export function useCreateCircle() {
  const create = trpc.circles.create.useMutation();
  const cache = useCircleCache();

  return {
    isPending: create.isPending,
    async createCircle(details: Details, photo: ChosenPhoto | null): Promise<Circle | null> {
      try {
        const circle = await create.mutateAsync({
          ...details,
          ...(photo ? { photoUploadKey: photo.key } : {}),
        });
        toast.success("Circle created successfully", { description: circle.name });
        void cache.circleCreated();
        return circle;
      } catch (error) {
        toast.error("Failed to create circle", {
          description: serverMessage(error, "Please try again."),
        });
        return null;
      }
    },
  };
}
