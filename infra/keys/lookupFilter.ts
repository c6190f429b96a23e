// Which address hashes the key file may hold, as a Bloom filter: "no" is certain, "maybe" is asked of the file. A new
// customer's first order then costs no look-up in the file. Filled from the file at start and with every link since;
// a forgotten address stays a "maybe" (one look-up that finds nothing).

/** Bits per expected address: about one "maybe" in a hundred for an address never seen. */
const bitsPerEntry = 10;
const hashes = 7;

export class LookupFilter {
  private bits: Uint32Array;
  private entries = 0;

  constructor(expected: number) {
    this.bits = new Uint32Array(LookupFilter.wordsFor(expected));
  }

  private static wordsFor(expected: number): number {
    // A power of two, so a bit's place is a mask; at least 2^16 bits.
    let bits = 1 << 16;
    while (bits < expected * bitsPerEntry * 2) bits *= 2;
    return bits / 32;
  }

  // A bit's places come from the hash's own words: it is already uniform (a keyed SHA-256).
  add(hash: Uint8Array): void {
    const view = new DataView(hash.buffer, hash.byteOffset, hash.byteLength);
    const mask = this.bits.length * 32 - 1;
    for (let i = 0; i < hashes; i++) {
      const place = view.getUint32(i * 4) & mask;
      this.bits[place >>> 5]! |= 1 << (place & 31);
    }
    this.entries += 1;
  }

  mayHold(hash: Uint8Array): boolean {
    const view = new DataView(hash.buffer, hash.byteOffset, hash.byteLength);
    const mask = this.bits.length * 32 - 1;
    for (let i = 0; i < hashes; i++) {
      const place = view.getUint32(i * 4) & mask;
      if ((this.bits[place >>> 5]! & (1 << (place & 31))) === 0) return false;
    }
    return true;
  }

  /** Whether it has taken in more than it was sized for, and would answer "maybe" too often. */
  get full(): boolean {
    return this.entries * bitsPerEntry > this.bits.length * 32;
  }
}
