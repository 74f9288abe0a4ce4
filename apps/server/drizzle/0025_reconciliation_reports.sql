CREATE TABLE "reconciliation_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checks" jsonb NOT NULL,
	"problems" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_reports_checked_idx" ON "reconciliation_reports" USING btree ("checked_at");