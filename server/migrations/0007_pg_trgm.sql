-- Custom SQL migration file, put your code below! --
-- Trigram indexes for "name contains" searches. pg_trgm is a trusted extension (PostgreSQL 13+):
-- the database owner may create it; PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
