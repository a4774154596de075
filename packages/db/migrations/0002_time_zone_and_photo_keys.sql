-- Photos are stored by storage key; answers carry short-lived URLs made from it. No photo was
-- stored under the old URL column yet, so it goes.
ALTER TABLE "users" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "photo_url";--> statement-breakpoint
ALTER TABLE "circles" DROP COLUMN "photo_url";
