import type { Circle } from "@circleplan/shared/circle-outputs";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { displayColor, SETTINGS_FALLBACK_COLOR } from "@/components/ui/circle-avatar";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";
import { CircleColorPicker } from "./circle-color-picker";
import { isCircleAdmin } from "./circle-permissions";

/**
 * The circle's colour after creation (issue 20), in the settings' Appearance tab: the creation
 * dialog's swatches and picker, saved with Save Changes (a picker dragged across colours would
 * otherwise save each). Everyone sees it; only admins change it.
 */
export function CircleColorCard({ circle }: { circle: Circle }) {
  const update = trpc.circles.update.useMutation();
  const cache = useCircleCache();
  const admin = isCircleAdmin(circle);
  const saved = displayColor(circle.color, SETTINGS_FALLBACK_COLOR);
  const [chosen, setChosen] = useState<string | null>(null);
  const color = chosen ?? saved;

  async function save() {
    try {
      const updated = await update.mutateAsync({ id: circle.id, color });
      await cache.circleSaved(updated);
      setChosen(null);
      toast.success("Circle updated", { description: "The new colour is saved." });
    } catch (error) {
      toast.error("Failed to update circle", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Circle Colour</CardTitle>
        <CardDescription>
          {admin
            ? "Marks the circle and its plans everywhere."
            : "Only admins can change the circle colour."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset>
          <legend className="sr-only">Circle colour</legend>
          <CircleColorPicker
            name="circle-color"
            value={color}
            onChange={setChosen}
            disabled={!admin}
          />
        </fieldset>
        {admin ? (
          <div>
            <Button onClick={() => void save()} disabled={update.isPending || color === saved}>
              {update.isPending ? "Saving..." : "Save Circle Colour"}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
