ALTER TABLE "circle_members" ADD COLUMN "color" text DEFAULT '#3B82F6' NOT NULL;--> statement-breakpoint
-- Members who joined before colours existed get them as joining would have given them: the
-- palette (shared/src/limits.ts MEMBER_COLORS) in order of joining, round again past ten.
UPDATE "circle_members" AS m SET "color" = (ARRAY['#3B82F6','#EA580C','#059669','#8B5CF6','#DB2777','#0891B2','#B86E00','#E11D48','#64748B','#C026D3'])[((ranked.n - 1) % 10) + 1]
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "circle_id" ORDER BY "created_at", "id") AS n
	FROM "circle_members"
) AS ranked
WHERE ranked."id" = m."id";
