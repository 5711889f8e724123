/**
 * Digests of many records in typed arrays: id, parent (a product's or article's section), shown flag
 * and a 64-bit digest, 21 bytes a record, so a million products' state is about 21 MB of arrays and
 * no record objects. Looked up by id through an index sorted once.
 */

export class DigestTable {
  private order: Uint32Array | undefined;

  constructor(
    readonly length: number,
    private readonly ids: Float64Array,
    private readonly parents: Float64Array,
    private readonly shownFlags: Uint8Array,
    private readonly digests: Uint32Array,
  ) {}

  static readonly empty = new DigestTable(
    0,
    new Float64Array(0),
    new Float64Array(0),
    new Uint8Array(0),
    new Uint32Array(0),
  );

  id(i: number): number {
    return this.ids[i] ?? 0;
  }
  parent(i: number): number {
    return this.parents[i] ?? 0;
  }
  shown(i: number): boolean {
    return this.shownFlags[i] === 1;
  }
  digest(i: number): string {
    const hi = this.digests[2 * i] ?? 0;
    const lo = this.digests[2 * i + 1] ?? 0;
    return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
  }

  /** Whether record `i` here and record `j` of `other` have the same digest (no text made). */
  sameDigest(i: number, other: DigestTable, j: number): boolean {
    return (
      this.digests[2 * i] === other.digests[2 * j] && this.digests[2 * i + 1] === other.digests[2 * j + 1]
    );
  }

  /** The raw arrays of records `start` to `end`, for a builder's copy. */
  slice(start: number, end: number) {
    return {
      ids: this.ids.subarray(start, end),
      parents: this.parents.subarray(start, end),
      shownFlags: this.shownFlags.subarray(start, end),
      digests: this.digests.subarray(2 * start, 2 * end),
    };
  }

  /** The index of the record with `id`, or -1. */
  find(id: number): number {
    this.order ??= this.sortedOrder();
    const order = this.order;
    let low = 0;
    let high = order.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const i = order[mid] ?? 0;
      const at = this.ids[i] ?? 0;
      if (at === id) return i;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  private sortedOrder(): Uint32Array {
    const order = new Uint32Array(this.length);
    for (let i = 0; i < this.length; i++) order[i] = i;
    const ids = this.ids;
    order.sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));
    return order;
  }
}

/** Builds a table record by record, growing its arrays by doubling. */
export class DigestTableBuilder {
  length = 0;
  private ids = new Float64Array(1024);
  private parents = new Float64Array(1024);
  private shownFlags = new Uint8Array(1024);
  private digests = new Uint32Array(2048);

  push(id: number, parent: number, shown: boolean, digest: string): void {
    const high = Number.parseInt(digest.slice(0, 8), 16);
    this.pushRaw(id, parent, shown, high, Number.parseInt(digest.slice(8, 16), 16));
  }

  /** A record whose digest is given as its two 32-bit halves. */
  pushRaw(id: number, parent: number, shown: boolean, high: number, low: number): void {
    if (this.length === this.ids.length) this.grow();
    const i = this.length++;
    this.ids[i] = id;
    this.parents[i] = parent;
    this.shownFlags[i] = shown ? 1 : 0;
    this.digests[2 * i] = high;
    this.digests[2 * i + 1] = low;
  }

  /** Copies records `start` to `end` (exclusive) of `table`, array to array. */
  copy(table: DigestTable, start: number, end: number): void {
    const count = end - start;
    while (this.length + count > this.ids.length) this.grow();
    const from = table.slice(start, end);
    this.ids.set(from.ids, this.length);
    this.parents.set(from.parents, this.length);
    this.shownFlags.set(from.shownFlags, this.length);
    this.digests.set(from.digests, 2 * this.length);
    this.length += count;
  }

  build(): DigestTable {
    const n = this.length;
    return new DigestTable(
      n,
      this.ids.slice(0, n),
      this.parents.slice(0, n),
      this.shownFlags.slice(0, n),
      this.digests.slice(0, 2 * n),
    );
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const grown = <T extends Float64Array | Uint8Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
      n: number,
    ) => {
      const next = make(n);
      next.set(old as never);
      return next;
    };
    this.ids = grown(this.ids, (n) => new Float64Array(n), size);
    this.parents = grown(this.parents, (n) => new Float64Array(n), size);
    this.shownFlags = grown(this.shownFlags, (n) => new Uint8Array(n), size);
    this.digests = grown(this.digests, (n) => new Uint32Array(n), 2 * size);
  }
}
