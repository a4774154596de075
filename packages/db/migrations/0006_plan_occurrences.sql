CREATE TABLE "plan_occurrences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_occurrences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"circle_id" integer NOT NULL,
	"original_start" timestamp with time zone,
	"original_date" date,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"start_date" date,
	"end_date" date,
	"is_exception" boolean DEFAULT false NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"overrides" jsonb,
	"is_completed" boolean,
	"completed_at" timestamp with time zone,
	"completed_by" integer
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "expanded_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_original_start_key" ON "plan_occurrences" USING btree ("plan_id","original_start");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_original_date_key" ON "plan_occurrences" USING btree ("plan_id","original_date");--> statement-breakpoint
CREATE INDEX "plan_occurrences_circle_start_idx" ON "plan_occurrences" USING btree ("circle_id","starts_at") WHERE "plan_occurrences"."is_cancelled" = false;--> statement-breakpoint
CREATE INDEX "plan_occurrences_circle_date_idx" ON "plan_occurrences" USING btree ("circle_id","start_date") WHERE "plan_occurrences"."is_cancelled" = false;--> statement-breakpoint
CREATE INDEX "plans_circle_expanded_until_idx" ON "plans" USING btree ("circle_id","expanded_until") WHERE "plans"."expanded_until" is not null;