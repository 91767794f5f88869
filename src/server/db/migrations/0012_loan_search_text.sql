-- The officers' search reads the client's name and e-mail from the request itself (issue 19):
-- loan_requests.search_text is a copy of the client's user.search_text (0002: name and e-mail,
-- unaccented, lower case), so that a search and its exact count read one table and its trigram
-- index instead of joining every matching client's requests. The copy is kept by the database,
-- whatever writes the rows (the API, better-auth, the demo seed, an account's closing, psql):
--   * a request takes its client's text when inserted, and again when its user_id changes or
--     anything writes search_text itself (the column cannot be set to anything else);
--   * a client whose name or e-mail changes has the new text copied to all of its requests.
-- See docs/decisions/2026-11-26-admin-list-search.md; the drift test is
-- src/server/modules/admin-loans/search-text.test.ts.
ALTER TABLE "loan_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing requests first, in one pass, before the triggers exist (they would look the client up
-- again row by row) and before the index (built once over the filled column).
UPDATE "loan_requests" AS l SET "search_text" = coalesce(u."search_text", '')
  FROM "user" AS u WHERE u."id" = l."user_id";--> statement-breakpoint
CREATE FUNCTION loan_request_search_text_from_client() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_text := coalesce((SELECT u.search_text FROM "user" AS u WHERE u.id = NEW.user_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "loan_request_search_text" BEFORE INSERT OR UPDATE OF "user_id", "search_text"
  ON "loan_requests"
  FOR EACH ROW EXECUTE FUNCTION loan_request_search_text_from_client();--> statement-breakpoint
-- AFTER: user.search_text is generated, computed only once the row is written. The WHEN keeps
-- every other change of an account (sessions, 2FA, preferences, updated_at) from touching its
-- requests.
CREATE FUNCTION client_search_text_to_loan_requests() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- Setting search_text fires the trigger above, which copies the client's new text.
  UPDATE loan_requests SET search_text = NEW.search_text WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_search_text_to_loan_requests" AFTER UPDATE OF "first_name", "last_name", "email"
  ON "user"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION client_search_text_to_loan_requests();--> statement-breakpoint
CREATE INDEX "loan_requests_search_text_trgm_idx" ON "loan_requests" USING gin ("search_text" public.gin_trgm_ops);
