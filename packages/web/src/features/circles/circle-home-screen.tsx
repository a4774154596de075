import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { serverMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/**
 * /circle/home: the circle that is one's own, the personal circle every account has (spec
 * section 1). Without one (an account from before personal circles), the first circle; with
 * none at all, a pointer to Add.
 */
export function CircleHomeScreen() {
  const circles = trpc.circles.list.useQuery();
  if (circles.isPending) return <PageSpinner />;
  if (circles.error) {
    return (
      <HomeNotice title="Your circles could not be loaded">
        <p className="text-sm text-muted-foreground">
          {serverMessage(circles.error, "Please try again.")}
        </p>
        <Button onClick={() => void circles.refetch()}>Try again</Button>
      </HomeNotice>
    );
  }
  const home = circles.data.find((circle) => circle.type === "personal") ?? circles.data[0];
  if (home) return <Redirect to={paths.circle.build(home.id)} replace />;
  return (
    <HomeNotice title="No circles yet">
      <p className="text-sm text-muted-foreground">
        Press Add in the circle strip above to create your first circle.
      </p>
    </HomeNotice>
  );
}

/** Instead of the home circle: why there is none to show. */
function HomeNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="circle-home-title" className="mx-auto w-full max-w-md">
      <Card>
        <CardContent className="grid justify-items-center gap-3 py-10 text-center">
          <ScreenHeading id="circle-home-title" title={title} className="text-xl font-semibold" />
          {children}
        </CardContent>
      </Card>
    </section>
  );
}
