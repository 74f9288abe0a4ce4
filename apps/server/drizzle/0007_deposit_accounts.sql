CREATE TABLE "bank_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" varchar(64) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"account_no" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"member_id" integer,
	"transaction_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_reference_key" UNIQUE("reference"),
	CONSTRAINT "bank_transfers_amount_check" CHECK ("bank_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"bank_type" varchar(8) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"account_no" varchar(20) NOT NULL,
	"currency" varchar(4) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truemoney_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" varchar(12) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_unmatched_idx" ON "bank_transfers" USING btree ("received_at") WHERE "bank_transfers"."member_id" is null;