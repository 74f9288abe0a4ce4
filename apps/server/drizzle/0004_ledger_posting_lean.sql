-- docs/decisions/0035-leaner-postings.md: the same rules as 0002 and 0003 with fewer statements
-- inside each posting, because PostgreSQL spends most of a transfer starting and ending them.
--
-- 1. The caller hands ledger_post its legs already merged per account, in ascending account
--    id, none zero (Ledger.open and Ledger.settle do): the function checks that order as it
--    walks the legs, instead of sorting them with a query of its own, and refuses any other.
--    The lock order that keeps crossing movements from deadlocking is unchanged.
-- 2. The entries of a posting are written by one INSERT, and the balance rule is checked once
--    per INSERT statement, on the rows it wrote (a transition table), instead of once per
--    entry at commit: every INSERT into ledger_entries must balance per transaction. Entries
--    are append-only, so transactions whose every INSERT balanced sum to zero.
-- 3. ledger_post answers the member's wallet after the posting, so ledger_open and
--    ledger_settle no longer call ledger_member_wallet for it.
DROP TRIGGER "ledger_entries_balanced" ON "ledger_entries";
--> statement-breakpoint
DROP FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
CREATE FUNCTION "ledger_check_inserted_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	unbalanced bigint;
BEGIN
	SELECT e."transaction_id" INTO unbalanced FROM inserted e
		GROUP BY e."transaction_id" HAVING sum(e."amount") <> 0 LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger transaction % does not balance', unbalanced USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balanced"
	AFTER INSERT ON "ledger_entries"
	REFERENCING NEW TABLE AS inserted
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_inserted_balanced"();
--> statement-breakpoint
DROP FUNCTION "ledger_post"(bigint, integer[], bigint[]);
--> statement-breakpoint
-- SQLSTATE WM001 is "money not enough" as before; 22023 is a caller's mistake (legs not merged,
-- not in ascending account id, or zero).
CREATE FUNCTION "ledger_post"(p_tx bigint, p_member_id integer, p_accounts integer[],
	p_amounts bigint[], OUT cash bigint, OUT bonus bigint)
LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(p_accounts) IS DISTINCT FROM cardinality(p_amounts) THEN
		RAISE EXCEPTION 'a posting needs one amount per account' USING ERRCODE = '22023';
	END IF;
	FOR i IN 1..cardinality(p_accounts) LOOP
		IF p_amounts[i] IS NULL OR p_amounts[i] = 0 OR p_accounts[i] IS NULL
			OR (i > 1 AND p_accounts[i] <= p_accounts[i - 1]) THEN
			RAISE EXCEPTION 'legs must be non-zero, one per account, in ascending account id'
				USING ERRCODE = '22023';
		END IF;
		UPDATE "ledger_accounts" SET "balance" = "balance" + p_amounts[i]
			WHERE "id" = p_accounts[i] AND ("may_go_negative" OR "balance" + p_amounts[i] >= 0);
		IF NOT FOUND THEN
			RAISE EXCEPTION 'not enough money on ledger account %', p_accounts[i]
				USING ERRCODE = 'WM001';
		END IF;
	END LOOP;
	INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount")
		SELECT p_tx, u.account_id, u.amount FROM unnest(p_accounts, p_amounts) AS u(account_id, amount);
	IF p_member_id IS NOT NULL THEN
		SELECT coalesce(sum("balance") FILTER (WHERE "kind" = 'cash'), 0)::bigint,
			coalesce(sum("balance") FILTER (WHERE "kind" = 'bonus'), 0)::bigint
		INTO cash, bonus
		FROM "ledger_accounts"
		WHERE "member_id" = p_member_id AND "kind" IN ('cash', 'bonus');
	END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_open"(
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
	SELECT p.cash, p.bonus INTO cash, bonus
		FROM "ledger_post"(id, p_member_id, p_accounts, p_amounts) AS p;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_settle"(p_tx bigint, p_status varchar, p_accounts integer[],
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
		SELECT p.cash, p.bonus INTO cash, bonus
			FROM "ledger_post"(p_tx, member, p_accounts, p_amounts) AS p;
	ELSE
		SELECT "member_id" INTO member FROM "ledger_transactions" WHERE "ledger_transactions"."id" = p_tx;
		IF member IS NOT NULL THEN
			SELECT w.cash, w.bonus INTO cash, bonus FROM "ledger_member_wallet"(member) w;
		END IF;
	END IF;
END
$$;
