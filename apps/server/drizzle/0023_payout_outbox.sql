CREATE TABLE "payout_outbox" (
	"ref" varchar(64) PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"account_no" varchar(20) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_outbox" ADD CONSTRAINT "payout_outbox_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_outbox" ADD CONSTRAINT "payout_outbox_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_outbox_created_idx" ON "payout_outbox" USING btree ("created_at");