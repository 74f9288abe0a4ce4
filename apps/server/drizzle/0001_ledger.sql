CREATE TABLE "game_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider_code" varchar(20) NOT NULL,
	"username" varchar(64) NOT NULL,
	"password" varchar(128) NOT NULL,
	"last_round_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_accounts_member_provider_key" UNIQUE("member_id","provider_code"),
	CONSTRAINT "game_accounts_provider_username_key" UNIQUE("provider_code","username")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"member_id" integer NOT NULL,
	"key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"state" varchar(8) NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"kind" varchar(24) NOT NULL,
	"provider_code" varchar(20) DEFAULT '' NOT NULL,
	"currency" varchar(4) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ledger_accounts_owner_key" UNIQUE NULLS NOT DISTINCT("member_id","kind","provider_code","currency"),
	CONSTRAINT "ledger_accounts_balance_check" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_negative_only_operator" CHECK (not "ledger_accounts"."may_go_negative" or "ledger_accounts"."member_id" is null)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"type" varchar(20) NOT NULL,
	"status" varchar(12) NOT NULL,
	"from_account" varchar(20) NOT NULL,
	"to_account" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"description" jsonb,
	"provider_code" varchar(20),
	"provider_ref" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ledger_transactions_ref_key" UNIQUE("provider_ref"),
	CONSTRAINT "ledger_transactions_amount_check" CHECK ("ledger_transactions"."amount" >= 0),
	CONSTRAINT "ledger_transactions_status_check" CHECK ("ledger_transactions"."status" in ('processing', 'success', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_faults" (
	"target" varchar(20) PRIMARY KEY NOT NULL,
	"mode" varchar(8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_game_accounts" (
	"provider_code" varchar(20) NOT NULL,
	"username" varchar(64) NOT NULL,
	"password" varchar(128) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_game_accounts_provider_code_username_pk" PRIMARY KEY("provider_code","username"),
	CONSTRAINT "sandbox_game_accounts_balance_check" CHECK ("sandbox_game_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_code" varchar(20) NOT NULL,
	"username" varchar(64) NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_game_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"provider_code" varchar(20) NOT NULL,
	"username" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_game_transfers" (
	"provider_code" varchar(20) NOT NULL,
	"ref" varchar(40) NOT NULL,
	"username" varchar(64) NOT NULL,
	"direction" varchar(10) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_game_transfers_provider_code_ref_pk" PRIMARY KEY("provider_code","ref")
);
--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_provider_code_game_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."game_providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_member_idx" ON "ledger_transactions" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_processing_idx" ON "ledger_transactions" USING btree ("type","created_at") WHERE "ledger_transactions"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "sandbox_game_rounds_account_idx" ON "sandbox_game_rounds" USING btree ("provider_code","username","id");--> statement-breakpoint
-- docs/decisions/0030-ledger.md: the entries of every ledger transaction sum to zero. Checked
-- at commit (deferred), so a posting may write its legs one by one inside its transaction.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total bigint;
BEGIN
	SELECT coalesce(sum("amount"), 0) INTO total FROM "ledger_entries"
		WHERE "transaction_id" = NEW."transaction_id";
	IF total <> 0 THEN
		RAISE EXCEPTION 'ledger transaction % does not balance (sum %)', NEW."transaction_id", total
			USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced"
	AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
-- Entries are history: a correction is a new transaction, never an edit.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change"
	BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
