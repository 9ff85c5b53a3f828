-- A finding in a linked PDF keeps its document and page: a snapshot pass taken again from the stored
-- findings (the scan's worker died in its first pass) tells them from the page's own text, which it
-- renders, and does not spend a page on the page linking to the PDF.
ALTER TABLE "compliance_findings" ADD COLUMN "pdf_url" text;--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD COLUMN "pdf_page" integer;
