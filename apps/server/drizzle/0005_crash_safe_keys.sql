ALTER TABLE "idempotency_keys" ADD COLUMN "holder" varchar(40);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "request_key" varchar(128);--> statement-breakpoint
CREATE INDEX "ledger_transactions_request_idx" ON "ledger_transactions" USING btree ("member_id","request_key") WHERE "ledger_transactions"."request_key" is not null;--> statement-breakpoint
-- docs/decisions/0036-crash-safe-keys.md: ledger_open records the request that opened the
-- transaction. p_id: the transaction's id when the caller took it first (the claiming opening
-- writes it into the key's row in the same statement). p_holder: a posting made under a key
-- the request had already claimed; it goes ahead only while the key is still this process's
-- (a lease lapsed and taken over by a retry refuses it: SQLSTATE WM002, nothing moves).
DROP FUNCTION "ledger_open"(integer, varchar, varchar, varchar, varchar, bigint, varchar,
	varchar, varchar, jsonb, integer[], bigint[], boolean);
--> statement-breakpoint
CREATE FUNCTION "ledger_open"(
	p_member_id integer, p_type varchar, p_status varchar, p_from varchar, p_to varchar,
	p_amount bigint, p_currency varchar, p_provider_code varchar, p_provider_ref varchar,
	p_description jsonb, p_accounts integer[], p_amounts bigint[], p_relaxed boolean,
	p_request_key varchar DEFAULT NULL, p_holder varchar DEFAULT NULL, p_id bigint DEFAULT NULL,
	OUT id bigint, OUT cash bigint, OUT bonus bigint)
LANGUAGE plpgsql AS $$
BEGIN
	IF p_relaxed THEN
		PERFORM set_config('synchronous_commit', 'off', true);
	END IF;
	id := coalesce(p_id, nextval(pg_get_serial_sequence('ledger_transactions', 'id')));
	IF p_holder IS NOT NULL THEN
		UPDATE "idempotency_keys" k SET "transaction_id" = coalesce(k."transaction_id", id)
			WHERE k."member_id" = p_member_id AND k."key" = p_request_key
				AND k."holder" = p_holder AND k."state" = 'running';
		IF NOT FOUND THEN
			RAISE EXCEPTION 'the request''s key is no longer held by this process'
				USING ERRCODE = 'WM002';
		END IF;
	END IF;
	INSERT INTO "ledger_transactions" ("id", "member_id", "type", "status", "from_account",
		"to_account", "amount", "currency", "provider_code", "provider_ref", "description",
		"request_key", "settled_at")
	VALUES (id, p_member_id, p_type, p_status, p_from, p_to, p_amount, p_currency,
		p_provider_code, p_provider_ref, p_description, p_request_key,
		CASE WHEN p_status = 'processing' THEN NULL ELSE now() END);
	SELECT p.cash, p.bonus INTO cash, bonus
		FROM "ledger_post"(id, p_member_id, p_accounts, p_amounts) AS p;
END
$$;
