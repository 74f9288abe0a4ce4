CREATE TABLE "adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_status_check" CHECK ("adjustments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "adjustments_amount_check" CHECK ("adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_reviews" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"bank_account_no" varchar(20) NOT NULL,
	"payout_ref" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_reviews_status_check" CHECK ("withdrawal_reviews"."status" in ('waiting', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_reviews" ADD CONSTRAINT "withdrawal_reviews_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_reviews" ADD CONSTRAINT "withdrawal_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_reviews" ADD CONSTRAINT "withdrawal_reviews_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_status_idx" ON "adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_member_idx" ON "adjustments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_reviews_status_idx" ON "withdrawal_reviews" USING btree ("status","created_at");