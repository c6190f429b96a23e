// A value made on first use and kept. Above all for Intl's formatters: making one reads its locale's data out of ICU,
// megabytes of it, which a server answering the catalogue or a page that shows no date never needs.

export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
