// A cache that keeps a computed value per key and starts afresh when full: the bound on memory that the
// read path's content, terms and glob answers and the secret scanner's memo all need.

/** The value kept under `key`, or `compute()`'s, kept now; a cache holding `limit` entries is emptied first. */
export function remember<K, V>(cache: Map<K, V>, key: K, limit: number, compute: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= limit) cache.clear();
    value = compute();
    cache.set(key, value);
  }
  return value;
}
