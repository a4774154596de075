import { Hammer } from "lucide-react";
import { useParams } from "wouter";
import { ScreenHeading } from "@/components/screen-heading";
import { Card, CardContent } from "@/components/ui/card";

/** Stands in for a screen a later issue builds, so every route of the spec already resolves. */
export function PlaceholderScreen({ title }: { title: string }) {
  const params = useParams<{ id?: string; token?: string }>();
  const detail = params.id ? `Circle ${params.id}` : params.token ? "Invitation link" : null;
  return (
    <section aria-labelledby="placeholder-title" className="mx-auto w-full max-w-2xl">
      <ScreenHeading
        id="placeholder-title"
        title={title}
        className="mb-4 text-2xl font-bold tracking-tight"
      />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Hammer aria-hidden="true" className="size-6" />
          </span>
          <p className="text-lg font-semibold">Not built yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            The {title} screen{detail ? ` (${detail})` : ""} is on its way. Everything else you need
            is in the menu.
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
