import { describe, expect, it } from 'vitest';
import { createBufferedBatches, type RowBatch } from './buffered-batches.js';

describe('the write-behind', () => {
  it('counts an item whose encoding throws before its row starts as dropped, and keeps the row before it', async () => {
    const sent: { rows: number; bytes: number }[] = [];
    const errors: unknown[] = [];
    const log = createBufferedBatches<string>({
      encode: (data, item) => {
        if (item === 'unreadable') throw new Error('cannot redact');
        data.row(1);
        data.text(item);
      },
      at: () => new Date(0),
      write: async (batch: RowBatch) => {
        sent.push({ rows: batch.data.rows, bytes: batch.data.bytes });
      },
      flushMs: 60_000,
      maxBuffered: 100,
      maxBufferedBytes: 1024 * 1024,
      batchRows: 100,
      batchBytesHint: 0,
      onError: (error) => errors.push(error),
    });
    log.record('first');
    log.record('unreadable');
    log.record('third');
    expect(log.stats()).toMatchObject({ buffered: 2, dropped: 1 });
    await log.flush();
    // Two rows of one text field each: a field count (2 bytes), a length (4) and the text.
    expect(sent).toEqual([{ rows: 2, bytes: 2 + 4 + 'first'.length + 2 + 4 + 'third'.length }]);
    expect(errors).toHaveLength(1);
    await log.close();
  });
});
