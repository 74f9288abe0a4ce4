-- docs/decisions/0032-durability-and-commits.md: the ledger's posting as database functions,
-- so a movement is one round trip and one statement (atomic on its own), the same rules as
-- docs/decisions/0030-ledger.md: legs merged per account, posted in ascending account id with
-- a conditional update each (a member account never goes below zero), entries beside them.
-- SQLSTATE WM001 is "money not enough": the server answers MONEY_NOT_ENOUGH.
CREATE FUNCTION "ledger_post"(p_tx bigint, p_accounts integer[], p_amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	leg record;
BEGIN
	FOR leg IN
		SELECT u.account_id, sum(u.amount)::bigint AS amount
		FROM unnest(p_accounts, p_amounts) AS u(account_id, amount)
		GROUP BY u.account_id HAVING sum(u.amount) <> 0 ORDER BY u.account_id
	LOOP
		UPDATE "ledger_accounts" SET "balance" = "balance" + leg.amount
			WHERE "id" = leg.account_id AND ("may_go_negative" OR "balance" + leg.amount >= 0);
		IF NOT FOUND THEN
			RAISE EXCEPTION 'not enough money on ledger account %', leg.account_id
				USING ERRCODE = 'WM001';
		END IF;
		INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount")
			VALUES (p_tx, leg.account_id, leg.amount);
	END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ledger_open"(
	p_member_id integer, p_type varchar, p_status varchar, p_from varchar, p_to varchar,
	p_amount bigint, p_currency varchar, p_provider_code varchar, p_provider_ref varchar,
	p_description jsonb, p_accounts integer[], p_amounts bigint[], p_relaxed boolean)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	tx_id bigint;
BEGIN
	IF p_relaxed THEN
		PERFORM set_config('synchronous_commit', 'off', true);
	END IF;
	INSERT INTO "ledger_transactions" ("member_id", "type", "status", "from_account",
		"to_account", "amount", "currency", "provider_code", "provider_ref", "description",
		"settled_at")
	VALUES (p_member_id, p_type, p_status, p_from, p_to, p_amount, p_currency, p_provider_code,
		p_provider_ref, p_description, CASE WHEN p_status = 'processing' THEN NULL ELSE now() END)
	RETURNING "id" INTO tx_id;
	PERFORM "ledger_post"(tx_id, p_accounts, p_amounts);
	RETURN tx_id;
END
$$;
--> statement-breakpoint
-- Exactly once: only the caller whose conditional status update changes the row posts.
CREATE FUNCTION "ledger_settle"(p_tx bigint, p_status varchar, p_accounts integer[],
	p_amounts bigint[], p_relaxed boolean)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	IF p_relaxed THEN
		PERFORM set_config('synchronous_commit', 'off', true);
	END IF;
	UPDATE "ledger_transactions" SET "status" = p_status, "settled_at" = now()
		WHERE "id" = p_tx AND "status" = 'processing';
	IF NOT FOUND THEN
		RETURN false;
	END IF;
	PERFORM "ledger_post"(p_tx, p_accounts, p_amounts);
	RETURN true;
END
$$;
--> statement-breakpoint
-- The sandbox provider's transfer in one call (it stands for someone else's system, so its
-- commit is relaxed): the fault of its target first, then the reference claimed and the
-- balance moved together. Answers the fault mode, or 'refused' when the balance is short.
CREATE FUNCTION "sandbox_game_move"(p_code varchar, p_username varchar, p_ref varchar,
	p_direction varchar, p_delta bigint)
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
		WHERE "provider_code" = p_code AND "username" = p_username AND "balance" + p_delta >= 0;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'sandbox refused' USING ERRCODE = 'WM002';
	END IF;
	RETURN fault;
END
$$;
