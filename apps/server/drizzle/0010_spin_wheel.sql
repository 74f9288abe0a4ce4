CREATE TABLE "coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"spin_id" bigint NOT NULL,
	"slice_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"state" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_spin_key" UNIQUE("spin_id"),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('cash', 'bonus')),
	CONSTRAINT "coupons_state_check" CHECK ("coupons"."state" in ('open', 'claimed')),
	CONSTRAINT "coupons_amount_check" CHECK ("coupons"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_rewards" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spin_slices" (
	"id" serial PRIMARY KEY NOT NULL,
	"wheel_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"label" text NOT NULL,
	"bg_color" varchar(20) NOT NULL,
	"text_color" varchar(20) NOT NULL,
	"html_description" text NOT NULL,
	"weight" integer NOT NULL,
	"prize_kind" varchar(8) NOT NULL,
	"prize_amount" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spin_slices_wheel_code_key" UNIQUE("wheel_id","code"),
	CONSTRAINT "spin_slices_weight_check" CHECK ("spin_slices"."weight" >= 0),
	CONSTRAINT "spin_slices_prize_kind_check" CHECK ("spin_slices"."prize_kind" in ('none', 'cash', 'bonus')),
	CONSTRAINT "spin_slices_prize_amount_check" CHECK (("spin_slices"."prize_kind" = 'none' and "spin_slices"."prize_amount" = 0) or ("spin_slices"."prize_kind" <> 'none' and "spin_slices"."prize_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"wheel_id" integer NOT NULL,
	"slice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spinwheels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"currency" varchar(4) NOT NULL,
	"deposit_per_coin" bigint NOT NULL,
	"coupon_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spinwheels_deposit_per_coin_check" CHECK ("spinwheels"."deposit_per_coin" > 0),
	CONSTRAINT "spinwheels_coupon_days_check" CHECK ("spinwheels"."coupon_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_spin_id_spins_id_fk" FOREIGN KEY ("spin_id") REFERENCES "public"."spins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_slice_id_spin_slices_id_fk" FOREIGN KEY ("slice_id") REFERENCES "public"."spin_slices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_rewards" ADD CONSTRAINT "deposit_rewards_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_rewards" ADD CONSTRAINT "deposit_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_slices" ADD CONSTRAINT "spin_slices_wheel_id_spinwheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."spinwheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_wheel_id_spinwheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."spinwheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_slice_id_spin_slices_id_fk" FOREIGN KEY ("slice_id") REFERENCES "public"."spin_slices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_member_idx" ON "coupons" USING btree ("member_id","state","created_at");--> statement-breakpoint
CREATE INDEX "coupons_claimed_unlinked_idx" ON "coupons" USING btree ("claimed_at") WHERE "coupons"."state" = 'claimed' and "coupons"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "spins_member_idx" ON "spins" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spinwheels_one_active_key" ON "spinwheels" USING btree ("active") WHERE "spinwheels"."active";