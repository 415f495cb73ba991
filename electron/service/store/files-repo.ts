import type { Db } from './database';

export interface FileRow {
  token: string;
  sha256: string;
  filename: string;
  content_type: string;
  bytes: number;
  created_at: number;
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;

export function createFilesRepo(db: Db) {
  const byToken = db.prepare('SELECT * FROM files WHERE token = ?');
  const insert = db.prepare(`INSERT INTO files (token, sha256, filename, content_type, bytes, created_at)
    VALUES (@token, @sha256, @filename, @content_type, @bytes, @created_at)`);
  return {
    get: (token: string) => byToken.get(token) as FileRow | undefined,
    insert: (row: FileRow) => void insert.run(row),
  };
}
