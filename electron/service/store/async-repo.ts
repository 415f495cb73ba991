/**
 * The async shape of a repository: every method of the SQLite repository, returning a promise. The
 * PostgreSQL repositories implement exactly this, and `promisified` gives it to a SQLite repository,
 * so one contract test runs against both (store/SERVER-MODE.md, section 1).
 */
export type Promisified<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** A SQLite repository behind the async shape: each call runs at once and resolves with its result (or rejects with its error). */
export function promisified<T extends object>(repo: T): Promisified<T> {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(repo)) {
    if (typeof fn !== 'function') continue;
    out[name] = (...args: unknown[]) => {
      try {
        return Promise.resolve((fn as (...a: unknown[]) => unknown).apply(repo, args));
      } catch (err) {
        return Promise.reject(err);
      }
    };
  }
  return out as Promisified<T>;
}
