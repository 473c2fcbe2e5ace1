// Caches kept to a bound (pure): resolutions, opened documents, folders, parsed URIs and the files
// of recent answers each keep their newest entries and forget the oldest.

/** Sets `key` as the newest entry of `map`, forgetting the oldest when the map already holds `limit`. */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}
