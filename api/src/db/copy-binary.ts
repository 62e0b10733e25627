// `copyIn`'s data in PostgreSQL's binary COPY format (the COPY statement says `FORMAT binary`): a
// header, then per row its field count and each field as its length and its bytes (-1 for null),
// then a trailer. PostgreSQL takes each field's bytes as they are: no line to search for its end,
// no text to split at tabs and unescape, which text COPY does character by character (for the
// request log's rows, about 1 µs of the backend's CPU a row, a 0.7 KB answer each). Invariants:
// - a row's fields are written in the COPY statement's column order, with the column's own type
//   (the binary form of a smallint is two bytes, of a real four: a mismatch fails the COPY);
// - text is UTF-8 without NUL (no PostgreSQL text can hold one: it is left out, as it was from
//   the text format).
const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** PostgreSQL counts time in microseconds from 2000-01-01 UTC. */
const postgresEpochMs = Date.UTC(2000, 0, 1);
const twoTo32 = 2 ** 32;
/** The longest text `utf8` copies a character at a time. */
const shortText = 64;
const headerBytes = signature.length + 8;
/** A buffer a burst grew past this is not kept for the next rows (the bound is the log's own). */
const keptBytes = (firstSize: number) => Math.max(4 * firstSize, 8 * 1024 * 1024);

/**
 * Rows in the binary format, in one growing buffer that a writer keeps and reuses: `reset` after
 * its COPY has succeeded starts it again at its header. Rows written behind (the logs) so take no
 * allocation of their own, on the heap or off it (off-heap bytes count toward the young
 * generation's budget too, and a fresh megabyte for each batch cost about 1 µs a row in the
 * kernel's first touches of its pages). A buffer a burst grew past `keptBytes` is let go at
 * `reset`, for one of the first size.
 */
export class CopyBinaryWriter {
  private buffer: Buffer;
  private length = 0;
  /** Where the row last started begins (-1: none to take back). */
  private rowStart = -1;
  private rowCount = 0;
  private readonly firstSize: number;

  constructor(sizeHint: number) {
    this.firstSize = Math.max(64 * 1024, sizeHint);
    this.buffer = Buffer.allocUnsafe(this.firstSize);
    this.reset();
  }

  /** The rows written (a row counts from its `row` call). */
  get rows(): number {
    return this.rowCount;
  }

  /** The bytes its rows take. */
  get bytes(): number {
    return this.length - headerBytes;
  }

  /** Starts again with no row, at the header (only once no COPY may still be reading the data). */
  reset(): void {
    if (this.buffer.length > keptBytes(this.firstSize)) this.buffer = Buffer.allocUnsafe(this.firstSize);
    signature.copy(this.buffer, 0);
    this.length = this.buffer.writeInt32BE(0, this.buffer.writeInt32BE(0, signature.length));
    this.rowStart = -1;
    this.rowCount = 0;
  }

  /** Takes back the row last started, whole or in part (its encoding failed, or it is refused). */
  dropRow(): void {
    if (this.rowStart < 0) return;
    this.length = this.rowStart;
    this.rowStart = -1;
    this.rowCount--;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): void {
    this.rowStart = this.length;
    this.rowCount++;
    this.room(2);
    this.length = this.buffer.writeInt16BE(fields, this.length);
  }

  text(value: string | null): void {
    if (value === null) return this.null();
    // UTF-8 spends at most three bytes on a UTF-16 unit.
    this.room(4 + value.length * 3);
    const bytes = this.utf8(value, this.length + 4);
    this.buffer.writeInt32BE(bytes, this.length);
    this.length += 4 + bytes;
  }

  /** A jsonb field: its version (1), then the JSON text. */
  jsonb(json: string): void {
    this.room(5 + json.length * 3);
    const bytes = this.utf8(json, this.length + 5);
    this.buffer.writeInt32BE(bytes + 1, this.length);
    this.buffer.writeUInt8(1, this.length + 4);
    this.length += 5 + bytes;
  }

  /** A timestamptz field, to the millisecond a Date holds. */
  timestamptz(at: Date): void {
    const micros = (at.getTime() - postgresEpochMs) * 1000;
    const high = Math.floor(micros / twoTo32);
    this.room(12);
    this.length = this.buffer.writeInt32BE(8, this.length);
    this.length = this.buffer.writeInt32BE(high, this.length);
    this.length = this.buffer.writeUInt32BE(micros - high * twoTo32, this.length);
  }

  int2(value: number): void {
    this.room(6);
    this.length = this.buffer.writeInt32BE(2, this.length);
    this.length = this.buffer.writeInt16BE(value, this.length);
  }

  /** An integer field, the number rounded as PostgreSQL's own input rounds it. */
  int4(value: number): void {
    this.room(8);
    this.length = this.buffer.writeInt32BE(4, this.length);
    this.length = this.buffer.writeInt32BE(Math.round(value), this.length);
  }

  /** A real field: the number rounded to single precision, as PostgreSQL's own input rounds it. */
  float4(value: number): void {
    this.room(8);
    this.length = this.buffer.writeInt32BE(4, this.length);
    this.length = this.buffer.writeFloatBE(value, this.length);
  }

  bool(value: boolean): void {
    this.room(5);
    this.length = this.buffer.writeInt32BE(1, this.length);
    this.length = this.buffer.writeUInt8(value ? 1 : 0, this.length);
  }

  null(): void {
    this.room(4);
    this.length = this.buffer.writeInt32BE(-1, this.length);
  }

  /**
   * The data whole, with its trailer: valid until the next row or `reset`. The trailer is written
   * past the rows, not counted in them, so a failed COPY's data can be sent again as it is.
   */
  end(): Buffer {
    this.room(2);
    this.buffer.writeInt16BE(-1, this.length);
    return this.buffer.subarray(0, this.length + 2);
  }

  /**
   * Writes `text` as UTF-8 at `at` (room made for it), without NUL; answers its bytes. A short
   * ASCII text is copied a character at a time: most of a row's fields are, and the call that
   * encodes a string costs more than copying a few dozen characters.
   */
  private utf8(text: string, at: number): number {
    const n = text.length;
    if (n <= shortText) {
      const buffer = this.buffer;
      let i = 0;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0 || c >= 0x80) break;
        buffer[at + i] = c;
      }
      if (i === n) return n;
    }
    const kept = text.includes('\0') ? text.replaceAll('\0', '') : text;
    return this.buffer.write(kept, at);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
