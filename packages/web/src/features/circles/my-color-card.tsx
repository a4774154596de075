import type { Circle } from "@circleplan/shared/circle-outputs";
import { MEMBER_COLORS } from "@circleplan/shared/limits";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ColorSwatches } from "@/components/ui/color-swatches";
import { Skeleton } from "@/components/ui/skeleton";
import { serverMessage } from "@/lib/errors";
import { useCurrentUser } from "@/lib/session";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";

/**
 * "My colour" (issue 20): the colour the caller's name and tasks carry in this circle, one of
 * the member colours (each readable on light and dark). Every member chooses their own.
 */
export function MyColorCard({ circle }: { circle: Pick<Circle, "id" | "name"> }) {
  const members = trpc.circles.members.useQuery({ id: circle.id });
  const { user } = useCurrentUser();
  const setMyColor = trpc.circles.setMyColor.useMutation();
  const cache = useCircleCache();
  const saved = members.data?.find((member) => member.userId === user?.id)?.color;
  const [chosen, setChosen] = useState<string | null>(null);
  const color = chosen ?? saved;

  async function save() {
    if (!color) return;
    try {
      await setMyColor.mutateAsync({ id: circle.id, color });
      await cache.membersChanged(circle.id);
      setChosen(null);
      toast.success("Colour saved", { description: `Your colour in ${circle.name} is saved.` });
    } catch (error) {
      toast.error("Failed to save your colour", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>My Colour</CardTitle>
        <CardDescription>
          Marks your name and the tasks assigned to you in {circle.name}, beside your name.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {color ? (
          <fieldset>
            <legend className="sr-only">My colour</legend>
            <ColorSwatches
              name="my-color"
              choices={MEMBER_COLORS}
              value={color}
              onChange={setChosen}
            />
          </fieldset>
        ) : members.error ? (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessage(members.error, "Your colour could not be loaded.")}
          </p>
        ) : (
          <Skeleton className="h-9 w-72" />
        )}
        <div>
          <Button
            onClick={() => void save()}
            disabled={!color || setMyColor.isPending || color === saved}
          >
            {setMyColor.isPending ? "Saving..." : "Save My Colour"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
