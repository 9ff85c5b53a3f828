-- A seeded document type or rejection reason carries its key in the seeded catalogue
-- (packages/domain reference/seeded-catalog.ts), so the app shows it in the reader's language; a row
-- a super admin created or renamed has none and reads as typed. Rows seeded before this column
-- existed get their key here when they still read as the seed wrote them (the oldest such row of each
-- name; deleted rows too, since their documents keep showing the name).
ALTER TABLE "document_types" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "rejection_reasons" ADD COLUMN "seed_key" text;--> statement-breakpoint
UPDATE "document_types" AS t SET "seed_key" = s.key
FROM (
  SELECT DISTINCT ON (d.name) d.id, k.key
  FROM "document_types" AS d
  JOIN (VALUES
    ('stateCannabisLicense', 'State Cannabis License'),
    ('usdaHempLicense', 'USDA Hemp License'),
    ('iso17025Accreditation', 'ISO/IEC 17025 Accreditation'),
    ('gmpCertification', 'GMP Certification'),
    ('certificateOfAnalysis', 'Certificate of Analysis (COA)'),
    ('certificateOfInsurance', 'Certificate of Insurance'),
    ('businessRegistration', 'Business Registration'),
    ('standardOperatingProcedures', 'Standard Operating Procedures'),
    ('moneyTransmitterLicense', 'Money Transmitter License')
  ) AS k(key, name) ON k.name = d.name
  ORDER BY d.name, d.deleted_at IS NOT NULL, d.id
) AS s
WHERE t.id = s.id;--> statement-breakpoint
UPDATE "rejection_reasons" AS r SET "seed_key" = s.key
FROM (
  SELECT DISTINCT ON (k.key) x.id, k.key
  FROM "rejection_reasons" AS x
  JOIN (VALUES
    ('illegible', 'Illegible document',
      'We could not read your document. Please upload a clear, complete scan.'),
    ('expired', 'Expired document',
      'The document you uploaded has expired. Please upload the current version.'),
    ('wrongType', 'Wrong document type',
      'The file does not match the requested document type. Please upload the correct document.'),
    ('nameMismatch', 'Name mismatch',
      'The company name on the document does not match your company profile.'),
    ('incomplete', 'Incomplete document',
      'Pages or signatures are missing. Please upload the complete, signed document.')
  ) AS k(key, reason_name, notification)
    ON k.reason_name = x.reason_name AND k.notification = x.notification
  ORDER BY k.key, x.deleted_at IS NOT NULL, x.id
) AS s
WHERE r.id = s.id;
