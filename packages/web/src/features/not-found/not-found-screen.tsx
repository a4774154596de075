import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { ScreenHeading } from "@/components/screen-heading";
import { Card, CardContent } from "@/components/ui/card";

export function NotFoundScreen() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <CircleAlert aria-hidden="true" className="size-8 text-destructive-text" />
            <ScreenHeading title="Page not found" className="text-2xl font-bold">
              404 Page Not Found
            </ScreenHeading>
          </div>
          <p className="text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <Link
            href="/"
            className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
