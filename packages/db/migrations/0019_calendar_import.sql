ALTER TABLE "plans" ADD COLUMN "import_uid" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "import_instance" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "import_sequence" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "import_modified" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_import_key" ON "plans" USING btree ("circle_id","import_uid",coalesce("import_instance", '')) WHERE "plans"."import_uid" is not null;