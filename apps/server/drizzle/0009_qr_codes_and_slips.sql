CREATE TABLE "qr_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" varchar(12) NOT NULL,
	"qrcode_id" varchar(100),
	"payment_id" varchar(100),
	"amount" bigint,
	"outcome" varchar(16) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"provider" varchar(12) NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"payload" text NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"state" varchar(10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"transaction_id" bigint,
	CONSTRAINT "qr_codes_amount_check" CHECK ("qr_codes"."amount" > 0),
	CONSTRAINT "qr_codes_state_check" CHECK ("qr_codes"."state" in ('live', 'paid', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_slip_transfers" (
	"reference" varchar(64) PRIMARY KEY NOT NULL,
	"sending_bank" varchar(8) NOT NULL,
	"from_account_no" varchar(20) NOT NULL,
	"to_account_no" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"transferred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"file_key" varchar(200) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"size" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"note" varchar(32),
	"reference" varchar(64),
	"sending_bank" varchar(8),
	"amount" bigint DEFAULT 0 NOT NULL,
	"transferred_at" timestamp with time zone,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "slips_status_check" CHECK ("slips"."status" in ('processing', 'success', 'failed')),
	CONSTRAINT "slips_amount_check" CHECK ("slips"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_callbacks_qrcode_idx" ON "qr_callbacks" USING btree ("qrcode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_live_key" ON "qr_codes" USING btree ("member_id","provider") WHERE "qr_codes"."state" = 'live';--> statement-breakpoint
CREATE INDEX "qr_codes_live_expiry_idx" ON "qr_codes" USING btree ("expires_at") WHERE "qr_codes"."state" = 'live';--> statement-breakpoint
CREATE INDEX "qr_codes_paid_unlinked_idx" ON "qr_codes" USING btree ("settled_at") WHERE "qr_codes"."state" = 'paid' and "qr_codes"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "slips_member_idx" ON "slips" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "slips_processing_idx" ON "slips" USING btree ("created_at") WHERE "slips"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "slips_reference_idx" ON "slips" USING btree ("reference");