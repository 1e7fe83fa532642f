-- Issue 27 #10: a reset link ends with any change of the account's password or e-mail address.
-- A trigger rather than a statement in each route: every path that changes either (own password
-- change, a reset, an admin's e-mail edit, the own profile, imports and SCIM later) spends all of
-- the person's open links in the same statement as the change, and no new path can forget it.
-- A change of letter case only is not a new address (the app compares e-mail addresses without case).
CREATE TRIGGER `password_reset_tokens_end_with_credentials` AFTER UPDATE OF password_hash, email ON `users`
WHEN OLD.password_hash IS NOT NEW.password_hash OR lower(OLD.email) IS NOT lower(NEW.email) BEGIN
  UPDATE password_reset_tokens SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE user_id = NEW.id AND used_at IS NULL;
END;
