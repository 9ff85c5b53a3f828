-- The directory's name search (issue 21) uses trigram matching; pg_trgm is a trusted extension, so
-- the owner of the database may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
