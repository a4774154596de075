ALTER TABLE "users" ADD COLUMN "time_format" text DEFAULT '24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "week_start" text DEFAULT 'sunday' NOT NULL;