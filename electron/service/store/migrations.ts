/**
 * Numbered schema migrations. Append only: a shipped migration is never edited, a change is a new entry.
 * Times are stored as integer milliseconds since the epoch; money as integer credits.
 */
export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'accounts, keys, ledger, jobs, files',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        plan TEXT NOT NULL,
        subscription_status TEXT NOT NULL,
        cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
        current_period_start INTEGER NOT NULL,
        current_period_end INTEGER NOT NULL,
        rate_limit_per_minute INTEGER NOT NULL DEFAULT 60,
        is_owner INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        label TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);

      -- Append-only: balances are sums. Subscription credits expire through explicit 'expire' rows.
      CREATE TABLE credit_ledger (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        bucket TEXT NOT NULL CHECK (bucket IN ('subscription', 'purchased')),
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL CHECK (reason IN ('grant', 'reserve', 'refund', 'expire')),
        job_id TEXT,
        note TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX credit_ledger_account ON credit_ledger(account_id, bucket);
      CREATE INDEX credit_ledger_job ON credit_ledger(job_id) WHERE job_id IS NOT NULL;
      CREATE TRIGGER credit_ledger_append_only_update BEFORE UPDATE ON credit_ledger
        BEGIN SELECT RAISE(ABORT, 'credit_ledger is append-only'); END;
      CREATE TRIGGER credit_ledger_append_only_delete BEFORE DELETE ON credit_ledger
        BEGIN SELECT RAISE(ABORT, 'credit_ledger is append-only'); END;

      CREATE TABLE jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        operation TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'processing', 'succeeded', 'failed')),
        params TEXT NOT NULL,
        input_sha TEXT,
        input_name TEXT,
        cost INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        progress REAL,
        stage TEXT,
        output TEXT,
        error TEXT,
        refunded_at INTEGER,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        completed_at INTEGER
      );
      CREATE INDEX jobs_account_seq ON jobs(account_id, seq DESC);
      CREATE INDEX jobs_state_seq ON jobs(state, seq);

      -- A stored file and the unguessable token it is served under.
      CREATE TABLE files (
        token TEXT PRIMARY KEY,
        sha256 TEXT NOT NULL,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX files_sha ON files(sha256);
    `,
  },
  {
    version: 2,
    name: 'asset catalog and clip library',
    sql: `
      CREATE TABLE asset_packs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        license TEXT NOT NULL CHECK (license = 'CC0-1.0'),
        source TEXT NOT NULL DEFAULT '',
        builtin INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE assets (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        pack_id TEXT NOT NULL REFERENCES asset_packs(id),
        name TEXT NOT NULL,
        category TEXT NOT NULL,
        search_text TEXT NOT NULL,
        model_token TEXT NOT NULL,
        thumbnail_token TEXT NOT NULL,
        triangles INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX assets_category ON assets(category, id);
      CREATE INDEX assets_pack ON assets(pack_id, id);

      CREATE TABLE clips (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        rig_type TEXT NOT NULL,
        duration_seconds REAL NOT NULL,
        fps REAL NOT NULL,
        loop INTEGER NOT NULL,
        license TEXT NOT NULL CHECK (license = 'CC0-1.0'),
        source TEXT NOT NULL DEFAULT '',
        file_token TEXT NOT NULL,
        preview_token TEXT,
        builtin INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX clips_rig_type ON clips(rig_type, name);
    `,
  },
  {
    version: 3,
    name: 'settings',
    sql: `CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
  {
    version: 4,
    name: 'asset search index and dense order',
    sql: `
      -- Trigram full-text index over search_text: substring queries of 3+ characters use it
      -- instead of scanning every asset.
      CREATE VIRTUAL TABLE assets_fts USING fts5(search_text, content='assets', content_rowid='seq', tokenize='trigram');
      INSERT INTO assets_fts(rowid, search_text) SELECT seq, search_text FROM assets;
      CREATE TRIGGER assets_fts_insert AFTER INSERT ON assets BEGIN
        INSERT INTO assets_fts(rowid, search_text) VALUES (new.seq, new.search_text);
      END;
      CREATE TRIGGER assets_fts_delete AFTER DELETE ON assets BEGIN
        INSERT INTO assets_fts(assets_fts, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
      END;
      -- Lists are in catalog order (seq: packs as stored, assets by name within a pack), which is
      -- also the order the full-text index returns rowids in, so a page stops early instead of
      -- sorting every match. ord is the dense position in that order, renumbered after each pack
      -- write, so a page deep in the unfiltered list is an index range, not a walk over every
      -- earlier row.
      ALTER TABLE assets ADD COLUMN ord INTEGER NOT NULL DEFAULT 0;
      UPDATE assets SET ord = (SELECT COUNT(*) FROM assets a2 WHERE a2.seq < assets.seq);
      CREATE INDEX assets_ord ON assets(ord);
      DROP INDEX assets_category;
      DROP INDEX assets_pack;
      CREATE INDEX assets_category ON assets(category, seq);
      CREATE INDEX assets_pack ON assets(pack_id, seq);
    `,
  },
  {
    version: 5,
    name: 'studio keys are marked',
    sql: `
      -- A studio session key lives as long as its service run; a start revokes every earlier one
      -- (a crashed run never revoked its own). Keys made by earlier versions carry the label
      -- 'studio session' on the owner account.
      ALTER TABLE api_keys ADD COLUMN studio INTEGER NOT NULL DEFAULT 0;
      UPDATE api_keys SET studio = 1
        WHERE label = 'studio session' AND account_id IN (SELECT id FROM accounts WHERE is_owner = 1);
    `,
  },
  {
    version: 6,
    name: 'uploads',
    sql: `
      -- Files sent with POST /v1/uploads, stored under uploads/{id} (not in the content-addressed
      -- blobs, so an expired upload is removed without asking what else uses the same bytes).
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        sha256 TEXT NOT NULL,
        filename TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX uploads_expires ON uploads(expires_at);
    `,
  },
];
