ALTER TABLE "game_accounts" ALTER COLUMN "password" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "game_accounts" ADD COLUMN "password_key" varchar(32);