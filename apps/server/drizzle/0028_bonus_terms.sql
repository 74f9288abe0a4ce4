-- A take keeps the rules of its bonus as they were when taken (docs/promotions.md): takes from
-- before keep the rules the bonus has now, which are the ones they were taken under.
ALTER TABLE "member_bonuses" ADD COLUMN "terms" jsonb;--> statement-breakpoint
UPDATE "member_bonuses" m SET "terms" = jsonb_build_object(
  'percent', b."percent", 'maxBonus', b."max_bonus", 'minDeposit', b."min_deposit",
  'turnoverMultiplier', b."turnover_multiplier", 'percentFail', b."percent_fail")
FROM "bonuses" b WHERE b."code" = m."bonus_code";--> statement-breakpoint
ALTER TABLE "member_bonuses" ALTER COLUMN "terms" SET NOT NULL;
