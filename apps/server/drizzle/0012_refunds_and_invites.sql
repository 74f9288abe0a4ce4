CREATE TABLE "invite_collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_id" bigint,
	CONSTRAINT "invite_collections_amount_check" CHECK ("invite_collections"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"transaction_id" bigint,
	CONSTRAINT "refund_claims_amount_check" CHECK ("refund_claims"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "refund_claim_id" bigint;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "invite_collection_id" bigint;--> statement-breakpoint
ALTER TABLE "invite_collections" ADD CONSTRAINT "invite_collections_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_collections" ADD CONSTRAINT "invite_collections_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_collections_member_idx" ON "invite_collections" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_claims_member_idx" ON "refund_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_unrefunded_idx" ON "game_rounds" USING btree ("member_id","played_at") WHERE "game_rounds"."refund_claim_id" is null;--> statement-breakpoint
CREATE INDEX "game_rounds_uncollected_idx" ON "game_rounds" USING btree ("member_id") WHERE "game_rounds"."invite_collection_id" is null;