CREATE TABLE "outside_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" varchar(24) NOT NULL,
	"reference" varchar(128) NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outside_credits_source_key" UNIQUE("source","reference"),
	CONSTRAINT "outside_credits_amount_check" CHECK ("outside_credits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "outside_credits" ADD CONSTRAINT "outside_credits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_credits" ADD CONSTRAINT "outside_credits_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_credits_member_idx" ON "outside_credits" USING btree ("member_id","created_at");