CREATE TABLE "member_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"staff" varchar(50) NOT NULL,
	"body" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"device_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_sign_ins_outcome_check" CHECK ("member_sign_ins"."outcome" in ('registered', 'signed-in', 'wrong-password', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_sign_ins_member_idx" ON "member_sign_ins" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_sign_ins_ip_idx" ON "member_sign_ins" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "member_sign_ins_device_idx" ON "member_sign_ins" USING btree ("device_id","created_at") WHERE "member_sign_ins"."device_id" is not null;