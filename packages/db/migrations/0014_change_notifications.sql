CREATE TABLE "inbox_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"activity_id" bigint,
	"invitation_id" integer,
	"circle_id" integer NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"push_status" text NOT NULL,
	"push_claimed_until" timestamp with time zone,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbox_items_one_subject" CHECK (("inbox_items"."activity_id" is null) <> ("inbox_items"."invitation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "plan_follows" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_follows_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "change_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_members" ADD COLUMN "notify" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_activity_id_circle_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."circle_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_follows" ADD CONSTRAINT "plan_follows_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_follows" ADD CONSTRAINT "plan_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_page_idx" ON "inbox_items" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" USING btree ("user_id") WHERE "inbox_items"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_activity_key" ON "inbox_items" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_invitation_key" ON "inbox_items" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "inbox_items_invitation_age_idx" ON "inbox_items" USING btree ("created_at") WHERE "inbox_items"."invitation_id" is not null;--> statement-breakpoint
CREATE INDEX "inbox_items_push_pending_idx" ON "inbox_items" USING btree ("user_id","actor_id","created_at") WHERE "inbox_items"."push_status" = 'pending';--> statement-breakpoint
CREATE INDEX "plan_follows_user_idx" ON "plan_follows" USING btree ("user_id");