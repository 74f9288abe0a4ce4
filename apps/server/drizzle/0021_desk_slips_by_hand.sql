ALTER TABLE "adjustments" DROP CONSTRAINT "adjustments_kind_check";--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "adjustments" ADD COLUMN "slip_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_slip_pending_key" ON "adjustments" USING btree ("slip_id") WHERE "adjustments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_kind_check" CHECK ("adjustments"."kind" in ('adjustment', 'bank_transfer', 'slip'));