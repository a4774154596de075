-- Session ids become hashes of the cookie token: sessions from before cannot be matched, so they end.
DELETE FROM "sessions";--> statement-breakpoint
-- Reset codes become keyed hashes: codes from before cannot be checked, so they end.
DELETE FROM "password_reset_codes";--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD COLUMN "requires_new_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;