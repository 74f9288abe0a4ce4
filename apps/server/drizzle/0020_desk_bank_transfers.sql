ALTER TABLE "bank_transfers" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "adjustments" ADD COLUMN "kind" varchar(20) DEFAULT 'adjustment' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjustments" ADD COLUMN "bank_reference" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_bank_reference_pending_key" ON "adjustments" USING btree ("bank_reference") WHERE "adjustments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_kind_check" CHECK ("adjustments"."kind" in ('adjustment', 'bank_transfer'));