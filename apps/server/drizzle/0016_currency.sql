ALTER TABLE "bank_transfers" ADD COLUMN "to_account_no" varchar(20);--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "currency" varchar(4);--> statement-breakpoint
ALTER TABLE "sandbox_game_accounts" ADD COLUMN "currency" varchar(4) DEFAULT 'BAHT' NOT NULL;--> statement-breakpoint
-- Issue 30 (docs/decisions/0050): every amount rule per currency. The baht withdraw limits an
-- installation holds become the BAHT entry; kip gets the demo's kip limits until the operator
-- sets its own. A fresh database has no row yet: the seed writes both currencies.
UPDATE "settings" SET "value" = jsonb_build_object(
		'BAHT', "value",
		'LAK', '{"minMinor": 5000000, "maxMinor": 3000000000}'::jsonb),
	"updated_at" = now()
	WHERE "key" = 'withdrawLimits' AND "value" ? 'minMinor';
--> statement-breakpoint
-- The sandbox game accounts opened before providers were told the currency hold their member's.
UPDATE "sandbox_game_accounts" s SET "currency" = m."currency"
	FROM "game_accounts" g JOIN "members" m ON m."id" = g."member_id"
	WHERE g."provider_code" = s."provider_code" AND g."username" = s."username";
--> statement-breakpoint
-- The sandbox provider's transfer (0002) now names the currency of the money it moves: an
-- account in another currency is refused like a short balance, and nothing moves.
DROP FUNCTION "sandbox_game_move"(varchar, varchar, varchar, varchar, bigint);
--> statement-breakpoint
CREATE FUNCTION "sandbox_game_move"(p_code varchar, p_username varchar, p_ref varchar,
	p_direction varchar, p_delta bigint, p_currency varchar)
RETURNS varchar LANGUAGE plpgsql AS $$
DECLARE
	fault varchar;
BEGIN
	PERFORM set_config('synchronous_commit', 'off', true);
	SELECT "mode" INTO fault FROM "sandbox_faults" WHERE "target" = p_code;
	fault := coalesce(fault, 'ok');
	IF fault IN ('fail', 'timeout') THEN
		RETURN fault;
	END IF;
	INSERT INTO "sandbox_game_transfers" ("provider_code", "ref", "username", "direction", "amount")
		VALUES (p_code, p_ref, p_username, p_direction, abs(p_delta))
		ON CONFLICT DO NOTHING;
	IF NOT FOUND THEN
		RETURN fault;
	END IF;
	UPDATE "sandbox_game_accounts" SET "balance" = "balance" + p_delta
		WHERE "provider_code" = p_code AND "username" = p_username AND "currency" = p_currency
			AND "balance" + p_delta >= 0;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'sandbox refused' USING ERRCODE = 'WM002';
	END IF;
	RETURN fault;
END
$$;
