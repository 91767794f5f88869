-- Every change to a session or to an account (sign-out, revocation, extension, profile, role,
-- deletion) is announced on the channel `session_change` with the account's id, at commit.
-- The embedded database's session cache (auth/session-cache.ts) forgets that account's entries
-- when it hears it; being in the database, the announcement covers every path that writes these
-- rows, better-auth's own included. TRUNCATE announces an empty payload: forget everything.
-- See docs/decisions/2026-11-22-session-check.md.
CREATE FUNCTION announce_session_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_change', '');
  ELSIF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('session_change', OLD.user_id);
  ELSE
    PERFORM pg_notify('session_change', OLD.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_change" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();--> statement-breakpoint
CREATE TRIGGER "session_truncate" AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();--> statement-breakpoint
CREATE TRIGGER "user_change" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();--> statement-breakpoint
CREATE TRIGGER "user_truncate" AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
