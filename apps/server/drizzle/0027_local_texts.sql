-- Operator texts in each language (docs/decisions/0064): a text written before is the same text
-- in Thai, Lao and English until the operator translates it.
ALTER TABLE "bonuses" ALTER COLUMN "description" SET DATA TYPE jsonb
  USING jsonb_build_object('th', "description", 'la', "description", 'en', "description");--> statement-breakpoint
UPDATE "bonuses" SET "banners" = (
  SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(b -> 'html') = 'string'
    THEN jsonb_set(b, '{html}', jsonb_build_object('th', b -> 'html', 'la', b -> 'html', 'en', b -> 'html'))
    ELSE b END ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("banners") WITH ORDINALITY AS e(b, n));--> statement-breakpoint
ALTER TABLE "spin_slices" ALTER COLUMN "html_description" SET DATA TYPE jsonb
  USING jsonb_build_object('th', "html_description", 'la', "html_description", 'en', "html_description");
