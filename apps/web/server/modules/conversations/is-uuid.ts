const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before they reach a uuid column (which would throw on garbage). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
