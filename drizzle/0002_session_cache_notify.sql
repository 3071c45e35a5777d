-- App servers cache who a session belongs to (src/server/plugins/session-cache.ts). Any change to what that answer
-- is built from tells every server to forget its cache, whoever made the change: another app server, a restore, or
-- SQL typed by hand. Statement-level triggers: one notice per statement, however many rows it touched.
CREATE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wil_session_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER user_privileges_session_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_privileges
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
-- Only the home institution's short name is part of a session's user.
CREATE TRIGGER institutions_session_cache AFTER UPDATE OF short_name OR DELETE OR TRUNCATE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
-- Not on every update: last_seen_at is touched once a minute per session and changes nothing a cache holds.
CREATE TRIGGER sessions_session_cache AFTER UPDATE OF user_id, affiliations, expires_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
