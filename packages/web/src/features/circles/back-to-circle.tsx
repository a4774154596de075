import type { Circle } from "@circleplan/shared/circle-outputs";
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";

/** The back button of a circle's sub-screens: returns to /circle/{id} (spec section 2). */
export function BackToCircle({ circle }: { circle: Pick<Circle, "id" | "name"> }) {
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="-ml-2 max-w-full">
        <Link href={paths.circle.build(circle.id)}>
          <ArrowLeft aria-hidden="true" />
          <span className="min-w-0 truncate">Back to {circle.name}</span>
        </Link>
      </Button>
    </div>
  );
}
