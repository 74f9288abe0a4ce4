-- Issue 30: new members get a random id (account.repository.ts), so invite codes (PR + id)
-- and profile ids are no longer the next number; existing rows keep theirs (shared links).
ALTER TABLE "members" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "members_id_seq";
