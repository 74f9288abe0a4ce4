-- docs/decisions/0033-hot-path-round-trips.md: a posting answers the member's wallet (cash and
-- bonus, minor units) as it stands after the posting, so a money call's answer needs no
-- second read. Null for a movement of the operator's accounts alone. The rules of posting are
-- those of 0002 unchanged; only the answers grow.
-- PL/pgSQL, not SQL, so that its query is planned once per connection and not at every call.
CREATE FUNCTION "ledger_member_wallet"(p_member_id integer, OUT cash bigint, OUT bonus bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
	SELECT coalesce(sum("balance") FILTER (WHERE "kind" = 'cash'), 0)::bigint,
		coalesce(sum("balance") FILTER (WHERE "kind" = 'bonus'), 0)::bigint
	INTO cash, bonus
	FROM "ledger_accounts"
	WHERE "member_id" = p_member_id AND "kind" IN ('cash', 'bonus');
END
$$;
--> statement-breakpoint
DROP FUNCTION "ledger_open"(integer, varchar, varchar, varchar, varchar, bigint, varchar,
	varchar, varchar, jsonb, integer[], bigint[], boolean);
--> statement-breakpoint
CREATE FUNCTION "ledger_open"(
	p_member_id integer, p_type varchar, p_status varchar, p_from varchar, p_to varchar,
	p_amount bigint, p_currency varchar, p_provider_code varchar, p_provider_ref varchar,
	p_description jsonb, p_accounts integer[], p_amounts bigint[], p_relaxed boolean,
	OUT id bigint, OUT cash bigint, OUT bonus bigint)
LANGUAGE plpgsql AS $$
BEGIN
	IF p_relaxed THEN
		PERFORM set_config('synchronous_commit', 'off', true);
	END IF;
	INSERT INTO "ledger_transactions" ("member_id", "type", "status", "from_account",
		"to_account", "amount", "currency", "provider_code", "provider_ref", "description",
		"settled_at")
	VALUES (p_member_id, p_type, p_status, p_from, p_to, p_amount, p_currency, p_provider_code,
		p_provider_ref, p_description, CASE WHEN p_status = 'processing' THEN NULL ELSE now() END)
	RETURNING "ledger_transactions"."id" INTO id;
	PERFORM "ledger_post"(id, p_accounts, p_amounts);
	IF p_member_id IS NOT NULL THEN
		SELECT w.cash, w.bonus INTO cash, bonus FROM "ledger_member_wallet"(p_member_id) AS w;
	END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION "ledger_settle"(bigint, varchar, integer[], bigint[], boolean);
--> statement-breakpoint
-- Exactly once, as before: only the caller whose conditional status update changes the row
-- posts. Every caller gets the member's wallet as it stands after the call.
CREATE FUNCTION "ledger_settle"(p_tx bigint, p_status varchar, p_accounts integer[],
	p_amounts bigint[], p_relaxed boolean,
	OUT settled boolean, OUT cash bigint, OUT bonus bigint)
LANGUAGE plpgsql AS $$
DECLARE
	member integer;
BEGIN
	IF p_relaxed THEN
		PERFORM set_config('synchronous_commit', 'off', true);
	END IF;
	UPDATE "ledger_transactions" SET "status" = p_status, "settled_at" = now()
		WHERE "ledger_transactions"."id" = p_tx AND "status" = 'processing'
		RETURNING "member_id" INTO member;
	settled := FOUND;
	IF settled THEN
		PERFORM "ledger_post"(p_tx, p_accounts, p_amounts);
	ELSE
		SELECT "member_id" INTO member FROM "ledger_transactions" WHERE "ledger_transactions"."id" = p_tx;
	END IF;
	IF member IS NOT NULL THEN
		SELECT w.cash, w.bonus INTO cash, bonus FROM "ledger_member_wallet"(member) w;
	END IF;
END
$$;
