import type { Circle } from "@circleplan/shared/circle-outputs";
import { CalendarDays, Settings, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CircleAvatar } from "@/components/ui/circle-avatar";
import { Tooltip } from "@/components/ui/tooltip";
import { CircleDetailDialog } from "./circle-detail-dialog";
import { CircleGate } from "./circle-gate";
import { CIRCLE_TYPE_LABELS, memberCountText } from "./circle-labels";

/** /circle/{id} (spec section 2): the circle's name, member count and settings button. */
export function CircleScreen() {
  return <CircleGate>{(circle) => <CircleView circle={circle} />}</CircleGate>;
}

function CircleView({ circle }: { circle: Circle }) {
  const [detailOpen, setDetailOpen] = useState(false);
  return (
    <section aria-labelledby="circle-title" className="mx-auto grid w-full max-w-3xl gap-4">
      <div className="flex items-center gap-3">
        <CircleAvatar
          name={circle.name}
          color={circle.color}
          src={circle.photoUrl}
          className="size-14"
          letterClassName="text-2xl"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <ScreenHeading
            id="circle-title"
            title={circle.name}
            className="text-2xl font-bold tracking-tight wrap-anywhere"
          />
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="outline">{CIRCLE_TYPE_LABELS[circle.type]}</Badge>
            <Link
              href={paths.circleMembers.build(circle.id)}
              className="inline-flex items-center gap-1 rounded-sm underline-offset-4 hover:text-foreground hover:underline"
            >
              <Users aria-hidden="true" className="size-4" />
              {memberCountText(circle.memberCount)}
            </Link>
          </p>
        </div>
        <Tooltip content="Circle details">
          <Button
            variant="outline"
            size="icon"
            aria-label="Circle details"
            aria-haspopup="dialog"
            onClick={() => setDetailOpen(true)}
          >
            <Settings aria-hidden="true" />
          </Button>
        </Tooltip>
      </div>

      {circle.description ? (
        <p className="text-sm wrap-anywhere text-muted-foreground">{circle.description}</p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <CalendarDays aria-hidden="true" className="size-5 text-primary" />
            Plans
          </CardTitle>
          <CardDescription>The circle's calendar and its next days will show here.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="rounded-lg border border-dashed p-6 text-center">
            <p className="font-medium">No plans yet</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Shared plans and tasks for {circle.name} arrive with the planner, which is on its way.
            </p>
          </div>
        </CardContent>
      </Card>

      <CircleDetailDialog circle={circle} open={detailOpen} onOpenChange={setDetailOpen} />
    </section>
  );
}
