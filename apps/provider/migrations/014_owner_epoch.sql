-- Counts the times an account's owner was established by a first proof of one of its addresses
-- (users/proveAddress.ts). A sign-in by a credential (password, passkey, wallet) reads it with the
-- credential and starts its session only while it is unchanged: a stranger's sign-in whose check
-- was under way when the owner claimed the account gets no session.
ALTER TABLE users ADD COLUMN owner_epoch integer NOT NULL DEFAULT 0;
