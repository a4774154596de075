ALTER TABLE "users" ALTER COLUMN "time_format" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "time_format" DROP NOT NULL;--> statement-breakpoint
-- Null is "not chosen": the spec's clocks, HH:mm on screens and h:mm a in reminders (decision
-- 023, "The spec's defaults until a person chooses"). The column is a day old and its '24h'
-- rows are its default, not anyone's choice, so they become "not chosen"; a '12h' stays.
UPDATE "users" SET "time_format" = NULL WHERE "time_format" = '24h';
