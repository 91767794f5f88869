-- Officers search clients by name and e-mail, accents and case ignored, through a trigram index.
-- The extensions go to the public schema (the API tests migrate one schema each on a shared
-- server, in parallel: the advisory lock keeps two of them from creating an extension at once).
SELECT pg_advisory_xact_lock(724110902);--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); an index needs an IMMUTABLE function,
-- so this wrapper names the dictionary explicitly, the usual way to index unaccented text.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower(first_name || ' ' || last_name || ' ' || email))) STORED;--> statement-breakpoint
CREATE INDEX "user_search_text_trgm_idx" ON "user" USING gin ("search_text" public.gin_trgm_ops);