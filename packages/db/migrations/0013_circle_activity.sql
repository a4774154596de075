CREATE TABLE "circle_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circle_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"circle_id" integer NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"plan_id" integer,
	"occurrence_start" timestamp with time zone,
	"occurrence_date" date,
	"scope" text,
	"title" text,
	"member_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_activity_values_small" CHECK (octet_length(coalesce("circle_activity"."before"::text, '')) + octet_length(coalesce("circle_activity"."after"::text, '')) <= 8192)
);
--> statement-breakpoint
ALTER TABLE "circle_activity" ADD CONSTRAINT "circle_activity_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_activity_circle_page_idx" ON "circle_activity" USING btree ("circle_id","created_at","id");