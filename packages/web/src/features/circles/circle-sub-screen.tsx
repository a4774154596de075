import type { Circle } from "@circleplan/shared/circle-outputs";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { Button } from "@/components/ui/button";

/**
 * The frame of a circle's sub-screens (settings, members): the back button to /circle/{id}
 * (spec section 2), then the screen's heading, which names the section.
 */
export function CircleSubScreen({
  circle,
  titleId,
  title,
  children,
}: {
  circle: Pick<Circle, "id" | "name">;
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="mx-auto grid w-full max-w-3xl gap-4">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2 max-w-full">
          <Link href={paths.circle.build(circle.id)}>
            <ArrowLeft aria-hidden="true" />
            <span className="min-w-0 truncate">Back to {circle.name}</span>
          </Link>
        </Button>
      </div>
      <ScreenHeading
        id={titleId}
        title={title}
        className="text-2xl font-bold tracking-tight wrap-anywhere"
      />
      {children}
    </section>
  );
}
