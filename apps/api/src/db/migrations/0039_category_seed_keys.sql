-- Seeded product and service categories, ingredients and flavours carry their key in the seeded
-- catalogue (packages/domain reference/seeded-catalog.ts), as document types do since 0038: the app shows
-- them in the reader's language; a row a super admin created or renamed has none and reads as typed.
-- Rows seeded before this column existed get their key here when they still read as the seed wrote
-- them (a category at the top of the catalogue, of its kind).
ALTER TABLE "categories" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "flavors" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "ingredients" ADD COLUMN "seed_key" text;--> statement-breakpoint
UPDATE "categories" AS c SET "seed_key" = k.key
FROM (VALUES
    ('flower', 'PRODUCT', 'Flower'),
    ('preRolls', 'PRODUCT', 'Pre-rolls'),
    ('vapes', 'PRODUCT', 'Vapes'),
    ('edibles', 'PRODUCT', 'Edibles'),
    ('beverages', 'PRODUCT', 'Beverages'),
    ('tinctures', 'PRODUCT', 'Tinctures'),
    ('topicals', 'PRODUCT', 'Topicals'),
    ('concentrates', 'PRODUCT', 'Concentrates'),
    ('capsules', 'PRODUCT', 'Capsules'),
    ('petProducts', 'PRODUCT', 'Pet products'),
    ('testing', 'SERVICE', 'Testing'),
    ('consulting', 'SERVICE', 'Consulting'),
    ('distribution', 'SERVICE', 'Distribution'),
    ('packaging', 'SERVICE', 'Packaging'),
    ('payments', 'SERVICE', 'Payments'),
    ('insurance', 'SERVICE', 'Insurance'),
    ('legal', 'SERVICE', 'Legal'),
    ('marketing', 'SERVICE', 'Marketing'),
    ('security', 'SERVICE', 'Security'),
    ('software', 'SERVICE', 'Software')
) AS k(key, kind, name)
WHERE c.kind = k.kind AND c.name = k.name AND c.parent_id IS NULL;--> statement-breakpoint
UPDATE "ingredients" AS i SET "seed_key" = k.key
FROM (VALUES
    ('cbdIsolate', 'CBD isolate'),
    ('broadSpectrumExtract', 'Broad-spectrum hemp extract'),
    ('fullSpectrumExtract', 'Full-spectrum hemp extract'),
    ('mctOil', 'MCT oil'),
    ('hempSeedOil', 'Hemp seed oil'),
    ('terpeneBlend', 'Terpene blend'),
    ('melatonin', 'Melatonin'),
    ('caneSugar', 'Cane sugar'),
    ('gelatin', 'Gelatin'),
    ('pectin', 'Pectin')
) AS k(key, name)
WHERE i.name = k.name;--> statement-breakpoint
UPDATE "flavors" AS f SET "seed_key" = k.key
FROM (VALUES
    ('unflavored', 'Unflavored'),
    ('mint', 'Mint'),
    ('citrus', 'Citrus'),
    ('berry', 'Berry'),
    ('mango', 'Mango'),
    ('watermelon', 'Watermelon'),
    ('vanilla', 'Vanilla'),
    ('chocolate', 'Chocolate'),
    ('lemon', 'Lemon'),
    ('grape', 'Grape')
) AS k(key, name)
WHERE f.name = k.name;
