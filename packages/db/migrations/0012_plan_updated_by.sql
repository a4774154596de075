ALTER TABLE "plans" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A plan never changed since it was made was last changed by its creator; for the others the
-- author of the latest change was not recorded, and stays unknown rather than guessed.
UPDATE "plans" SET "updated_by" = "creator_id" WHERE "version" = 1;
