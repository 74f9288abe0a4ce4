CREATE TABLE "gift_links" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" varchar(10) NOT NULL,
	"claimed_by" varchar(140) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_links_state_check" CHECK ("gift_links"."state" in ('redeeming', 'credited'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gift_links" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"sender_phone" varchar(20) NOT NULL,
	"redeemed_by" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_links_redeeming_idx" ON "gift_links" USING btree ("created_at") WHERE "gift_links"."state" = 'redeeming';