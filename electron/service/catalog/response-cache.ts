
let localWrites = 0;

/** Called by every in-process catalog write (store-pack, store-clips). */
export function noteCatalogWrite(): void {
  localWrites++;
}

/**
 * Serialised catalog answers (asset pages, categories, clip pages) keyed by origin and URL.
 *
 * Notes: the catalog is read-mostly and a page costs a row read plus 100 absolute URLs, which kept
 * `GET /v1/assets` near 3,000 req/s; a served page is now a Map lookup. Staleness is impossible by
 * construction: the cache empties whenever SQLite's `data_version` moves (a commit by any other
 * connection: the catalog installer, `rigdesk catalog import`) or this process wrote the catalog.
 */
export class CatalogResponseCache {
  private readonly entries = new Map<string, string>();
  private stamp = '';

  constructor(
    /** The catalog's change stamp (catalog-repo's `changeStamp`): the cache empties when it moves. */
    private readonly changeStamp: () => Promise<string>,
    private readonly maxEntries = 512,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const stamp = `${await this.changeStamp()}:${localWrites}`;
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    return this.entries.get(key);
  }

  set(key: string, body: string): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, body);
  }
}
