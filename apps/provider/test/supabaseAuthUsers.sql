-- Supabase's `auth.users` as the migrations of its auth server (github.com/supabase/auth,
-- migrations/) leave it: 00_init_auth_schema's table with 20210710035447_alter_users (phone, and
-- confirmed_at renamed email_confirmed_at), 20210722035447_adds_confirmed_at,
-- 20210730183235_add_email_change_confirmed (email_change_token renamed email_change_token_new),
-- 20220114185340_add_banned_until, 20220323170000_add_user_reauthentication,
-- 20221215195500_modify_users_email_unique_index, 20230116124310_alter_phone_type,
-- 20230116124412_add_deleted_at and 20240214120130_add_is_anonymous_column applied.
CREATE SCHEMA auth;
CREATE TABLE auth.users (
  instance_id uuid NULL,
  id uuid NOT NULL UNIQUE,
  aud varchar(255) NULL,
  "role" varchar(255) NULL,
  email varchar(255) NULL,
  encrypted_password varchar(255) NULL,
  email_confirmed_at timestamptz NULL,
  invited_at timestamptz NULL,
  confirmation_token varchar(255) NULL,
  confirmation_sent_at timestamptz NULL,
  recovery_token varchar(255) NULL,
  recovery_sent_at timestamptz NULL,
  email_change_token_new varchar(255) NULL,
  email_change varchar(255) NULL,
  email_change_sent_at timestamptz NULL,
  last_sign_in_at timestamptz NULL,
  raw_app_meta_data jsonb NULL,
  raw_user_meta_data jsonb NULL,
  is_super_admin bool NULL,
  created_at timestamptz NULL,
  updated_at timestamptz NULL,
  phone text NULL UNIQUE DEFAULT NULL,
  phone_confirmed_at timestamptz NULL DEFAULT NULL,
  phone_change text NULL DEFAULT '',
  phone_change_token varchar(255) NULL DEFAULT '',
  phone_change_sent_at timestamptz NULL DEFAULT NULL,
  confirmed_at timestamptz GENERATED ALWAYS AS (LEAST(email_confirmed_at, phone_confirmed_at)) STORED,
  email_change_token_current varchar(255) NULL DEFAULT '',
  email_change_confirm_status smallint DEFAULT 0
    CHECK (email_change_confirm_status >= 0 AND email_change_confirm_status <= 2),
  banned_until timestamptz NULL,
  reauthentication_token varchar(255) NULL DEFAULT '',
  reauthentication_sent_at timestamptz NULL DEFAULT NULL,
  is_sso_user boolean NOT NULL DEFAULT false,
  deleted_at timestamptz NULL,
  is_anonymous boolean NOT NULL DEFAULT false,
  CONSTRAINT users_pkey PRIMARY KEY (id)
);
CREATE INDEX users_instance_id_idx ON auth.users USING btree (instance_id);
CREATE UNIQUE INDEX users_email_partial_key ON auth.users (email) WHERE (is_sso_user = false);
CREATE INDEX users_is_anonymous_idx ON auth.users USING btree (is_anonymous);
