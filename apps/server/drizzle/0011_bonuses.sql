CREATE TABLE "bonuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"type" varchar(8) NOT NULL,
	"max_received" integer NOT NULL,
	"currency" varchar(4) NOT NULL,
	"percent" integer NOT NULL,
	"max_bonus" bigint NOT NULL,
	"min_deposit" bigint NOT NULL,
	"turnover_multiplier" integer NOT NULL,
	"percent_fail" integer NOT NULL,
	"description" text NOT NULL,
	"banners" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonuses_kind_check" CHECK ("bonuses"."kind" in ('listed', 'promotion')),
	CONSTRAINT "bonuses_type_check" CHECK ("bonuses"."type" in ('limit', 'day', 'week')),
	CONSTRAINT "bonuses_max_received_check" CHECK ("bonuses"."max_received" >= 1),
	CONSTRAINT "bonuses_percent_check" CHECK ("bonuses"."percent" between 1 and 1000),
	CONSTRAINT "bonuses_max_bonus_check" CHECK ("bonuses"."max_bonus" > 0),
	CONSTRAINT "bonuses_min_deposit_check" CHECK ("bonuses"."min_deposit" > 0),
	CONSTRAINT "bonuses_turnover_check" CHECK ("bonuses"."turnover_multiplier" >= 0),
	CONSTRAINT "bonuses_percent_fail_check" CHECK ("bonuses"."percent_fail" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"member_id" integer NOT NULL,
	"provider_code" varchar(20) NOT NULL,
	"round_id" bigint NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_rounds_member_id_provider_code_round_id_pk" PRIMARY KEY("member_id","provider_code","round_id")
);
--> statement-breakpoint
CREATE TABLE "member_bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"bonus_code" varchar(40) NOT NULL,
	"state" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deposit_amount" bigint,
	"bonus_amount" bigint,
	"turnover_target" bigint,
	"paid_at" timestamp with time zone,
	"paid_transaction_id" bigint,
	"ended_at" timestamp with time zone,
	"end_transaction_id" bigint,
	"end_settled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_bonuses_state_check" CHECK ("member_bonuses"."state" in ('waiting', 'active', 'finished', 'cancelled', 'cleared'))
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_bonus_code_bonuses_code_fk" FOREIGN KEY ("bonus_code") REFERENCES "public"."bonuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_paid_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("paid_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_end_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("end_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_member_played_idx" ON "game_rounds" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_bonuses_running_key" ON "member_bonuses" USING btree ("member_id") WHERE "member_bonuses"."state" in ('waiting', 'active');--> statement-breakpoint
CREATE INDEX "member_bonuses_member_idx" ON "member_bonuses" USING btree ("member_id","bonus_code","created_at");--> statement-breakpoint
CREATE INDEX "member_bonuses_unsettled_idx" ON "member_bonuses" USING btree ("ended_at") WHERE "member_bonuses"."ended_at" is not null and not "member_bonuses"."end_settled";