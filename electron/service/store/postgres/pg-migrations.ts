/**
 * Numbered schema migrations of server mode (PostgreSQL dialect). Append only, like migrations.ts:
 * a shipped entry is never edited. Version 1 is SQLite's schema after its migration 6, table for table
 * and column for column, so repositories answer with the same rows in both modes. Times are `bigint`
 * milliseconds since the epoch; money integer credits.
 */
export const PG_MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'accounts, keys, ledger, jobs, files, catalog, clips, settings, uploads',
    sql: `
      CREATE TABLE accounts (
        id text PRIMARY KEY,
        name text NOT NULL DEFAULT '',
        plan text NOT NULL,
        subscription_status text NOT NULL,
        cancel_at_period_end integer NOT NULL DEFAULT 0,
        current_period_start bigint NOT NULL,
        current_period_end bigint NOT NULL,
        rate_limit_per_minute integer NOT NULL DEFAULT 60,
        is_owner integer NOT NULL DEFAULT 0,
        created_at bigint NOT NULL
      );
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        key_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        label text NOT NULL DEFAULT '',
        created_at bigint NOT NULL,
        revoked_at bigint,
        studio integer NOT NULL DEFAULT 0
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);

      -- Append-only: balances are sums. A reservation locks the account row first (see SERVER-MODE.md).
      CREATE TABLE credit_ledger (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        bucket text NOT NULL CHECK (bucket IN ('subscription', 'purchased')),
        delta integer NOT NULL,
        reason text NOT NULL CHECK (reason IN ('grant', 'reserve', 'refund', 'expire')),
        job_id text,
        note text NOT NULL DEFAULT '',
        created_at bigint NOT NULL
      );
      CREATE INDEX credit_ledger_account ON credit_ledger(account_id, bucket);
      CREATE INDEX credit_ledger_job ON credit_ledger(job_id) WHERE job_id IS NOT NULL;
      CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'credit_ledger is append-only'; END $$;
      CREATE TRIGGER credit_ledger_append_only_rows BEFORE UPDATE OR DELETE ON credit_ledger
        FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();
      CREATE TRIGGER credit_ledger_append_only_truncate BEFORE TRUNCATE ON credit_ledger
        FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_append_only();

      CREATE TABLE jobs (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        account_id text NOT NULL REFERENCES accounts(id),
        operation text NOT NULL,
        state text NOT NULL CHECK (state IN ('queued', 'processing', 'succeeded', 'failed')),
        params text NOT NULL,
        input_sha text,
        input_name text,
        cost integer NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        progress double precision,
        stage text,
        output text,
        error text,
        refunded_at bigint,
        created_at bigint NOT NULL,
        started_at bigint,
        completed_at bigint
      );
      CREATE INDEX jobs_account_seq ON jobs(account_id, seq DESC);
      CREATE INDEX jobs_state_seq ON jobs(state, seq);

      CREATE TABLE files (
        token text PRIMARY KEY,
        sha256 text NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        bytes bigint NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE INDEX files_sha ON files(sha256);

      CREATE TABLE asset_packs (
        id text PRIMARY KEY,
        name text NOT NULL,
        license text NOT NULL CHECK (license = 'CC0-1.0'),
        source text NOT NULL DEFAULT '',
        builtin integer NOT NULL DEFAULT 0,
        updated_at bigint NOT NULL
      );
      CREATE TABLE assets (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        pack_id text NOT NULL REFERENCES asset_packs(id),
        name text NOT NULL,
        category text NOT NULL,
        search_text text NOT NULL,
        model_token text NOT NULL,
        thumbnail_token text NOT NULL,
        triangles integer NOT NULL DEFAULT 0,
        ord integer NOT NULL DEFAULT 0
      );
      CREATE INDEX assets_ord ON assets(ord);
      CREATE INDEX assets_category ON assets(category, seq);
      CREATE INDEX assets_pack ON assets(pack_id, seq);
      -- SQLite's trigram FTS5 index, here pg_trgm (a trusted extension of Debian's postgresql-contrib,
      -- so the database owner may create it): substring search with LIKE uses the index.
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX assets_search_trgm ON assets USING gin (search_text gin_trgm_ops);

      CREATE TABLE clips (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        name text NOT NULL,
        rig_type text NOT NULL,
        duration_seconds double precision NOT NULL,
        fps double precision NOT NULL,
        loop integer NOT NULL,
        license text NOT NULL CHECK (license = 'CC0-1.0'),
        source text NOT NULL DEFAULT '',
        file_token text NOT NULL,
        preview_token text,
        builtin integer NOT NULL DEFAULT 0
      );
      CREATE INDEX clips_rig_type ON clips(rig_type, name);

      CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);

      CREATE TABLE uploads (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        sha256 text NOT NULL,
        filename text NOT NULL,
        bytes bigint NOT NULL,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE INDEX uploads_expires ON uploads(expires_at);
    `,
  },
  {
    version: 2,
    name: 'rate-limit windows shared by every API process',
    sql: `
      -- The times of a key's last 'limit' allowed requests (the trailing window of auth/rate-limiter.ts).
      CREATE TABLE rate_windows (
        key_id text PRIMARY KEY,
        times bigint[] NOT NULL DEFAULT '{}'
      );
      -- One round trip per request: lock the key's row, drop times that left the window (keeping at most
      -- the newest p_limit, so a lowered limit keeps the window), record p_now when allowed.
      -- 'used' counts the window after this request; 'oldest' is its oldest time (NULL when empty).
      CREATE FUNCTION rate_limit_hit(p_key text, p_limit integer, p_now bigint, p_window bigint,
          OUT allowed boolean, OUT used integer, OUT oldest bigint)
        LANGUAGE plpgsql AS $$
        DECLARE t bigint[];
        BEGIN
          INSERT INTO rate_windows (key_id) VALUES (p_key) ON CONFLICT (key_id) DO NOTHING;
          SELECT times INTO t FROM rate_windows WHERE key_id = p_key FOR UPDATE;
          SELECT coalesce(array_agg(x ORDER BY x), '{}') INTO t
            FROM (SELECT x FROM unnest(t) AS x WHERE x > p_now - p_window ORDER BY x DESC LIMIT p_limit) AS kept;
          allowed := coalesce(array_length(t, 1), 0) < p_limit;
          IF allowed THEN t := t || p_now; END IF;
          UPDATE rate_windows SET times = t WHERE key_id = p_key;
          used := coalesce(array_length(t, 1), 0);
          oldest := t[1];
        END $$;
    `,
  },
  {
    version: 3,
    name: 'rate-limit window as one row per request, work per request independent of the limit',
    sql: `
      -- Version 2 rewrote a key's whole array of times on every request: with a high limit (a build
      -- pipeline's key) that is thousands of values per request (under 1,000 requests/s). The same exact
      -- trailing window now keeps one row per allowed request and a per-key count: a request deletes the
      -- rows that left the window (each row is deleted once), inserts its own, and reads the oldest
      -- through the index.
      DROP FUNCTION rate_limit_hit(text, integer, bigint, bigint);
      DROP TABLE rate_windows;
      CREATE TABLE rate_keys (
        key_id text PRIMARY KEY,
        used integer NOT NULL DEFAULT 0
      );
      CREATE TABLE rate_hits (
        key_id text NOT NULL,
        at bigint NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (key_id, at, seq)
      );
      -- One round trip per request. The key's rate_keys row is the lock that orders concurrent requests
      -- of any process. A lowered limit keeps only the newest p_limit times (as the in-memory limiter).
      -- 'used' counts the window after this request; 'oldest' is its oldest time (NULL when empty).
      CREATE FUNCTION rate_limit_hit(p_key text, p_limit integer, p_now bigint, p_window bigint,
          OUT allowed boolean, OUT used integer, OUT oldest bigint)
        LANGUAGE plpgsql AS $$
        DECLARE n integer; gone integer;
        BEGIN
          INSERT INTO rate_keys AS k (key_id) VALUES (p_key)
            ON CONFLICT (key_id) DO UPDATE SET used = k.used RETURNING k.used INTO n;
          DELETE FROM rate_hits WHERE key_id = p_key AND at <= p_now - p_window;
          GET DIAGNOSTICS gone = ROW_COUNT;
          n := n - gone;
          IF n > p_limit THEN
            DELETE FROM rate_hits WHERE (key_id, at, seq) IN
              (SELECT h.key_id, h.at, h.seq FROM rate_hits h WHERE h.key_id = p_key ORDER BY h.at, h.seq LIMIT n - p_limit);
            n := p_limit;
          END IF;
          allowed := n < p_limit;
          IF allowed THEN
            INSERT INTO rate_hits (key_id, at) VALUES (p_key, p_now);
            n := n + 1;
          END IF;
          UPDATE rate_keys SET used = n WHERE key_id = p_key;
          used := n;
          SELECT h.at INTO oldest FROM rate_hits h WHERE h.key_id = p_key ORDER BY h.at LIMIT 1;
        END $$;
    `,
  },
  {
    version: 4,
    name: 'worker host heartbeats',
    sql: `
      -- One row per running worker host whose pool is healthy, refreshed every few seconds: an API process
      -- with no local workers (serve --workers 0) answers 503 when no row is fresh. The database's clock
      -- (now()) stamps and judges them, so hosts' clocks need not agree.
      CREATE TABLE worker_heartbeats (
        host_id text PRIMARY KEY,
        slots integer NOT NULL,
        seen_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
