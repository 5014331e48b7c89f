-- A number that changes with every change of a user: its row or any row of its emails, phone
-- numbers, OAuth providers, crypto wallets or passkeys. A session refresh answers the whole user;
-- building that JSON (five sub-queries) was most of the refresh's database work. A provider
-- process that has already read a user sends the version it holds, and the refresh answers the
-- user's JSON only when the version differs. Kept by triggers, so no write path can forget it.
ALTER TABLE users ADD COLUMN version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION users_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;

-- Only for an update that changes the row: marking a verified email verified again (every sign-in
-- does) writes nothing new, and must not make every process build the user's JSON again.
CREATE TRIGGER users_version BEFORE UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION users_next_version();

-- A row of a user's sub-list was added, removed or changed: the user's version moves (the UPDATE
-- fires the trigger above). A user deleted with its rows (ON DELETE CASCADE) is no longer visible
-- here: nothing to update.
CREATE FUNCTION user_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE users SET version = version + 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    UPDATE users SET version = version + 1 WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;

-- Per table: one trigger for inserts and deletes, one for updates that change the row.

CREATE TRIGGER user_emails_user_version AFTER INSERT OR DELETE ON user_emails
  FOR EACH ROW EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_emails_changed_user_version AFTER UPDATE ON user_emails
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_phone_numbers_user_version AFTER INSERT OR DELETE ON user_phone_numbers
  FOR EACH ROW EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_phone_numbers_changed_user_version AFTER UPDATE ON user_phone_numbers
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_oauth_providers_user_version AFTER INSERT OR DELETE ON user_oauth_providers
  FOR EACH ROW EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_oauth_providers_changed_user_version AFTER UPDATE ON user_oauth_providers
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_crypto_wallets_user_version AFTER INSERT OR DELETE ON user_crypto_wallets
  FOR EACH ROW EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER user_crypto_wallets_changed_user_version AFTER UPDATE ON user_crypto_wallets
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER webauthn_registrations_user_version AFTER INSERT OR DELETE ON webauthn_registrations
  FOR EACH ROW EXECUTE FUNCTION user_part_changed();
CREATE TRIGGER webauthn_registrations_changed_user_version AFTER UPDATE ON webauthn_registrations
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_part_changed();
