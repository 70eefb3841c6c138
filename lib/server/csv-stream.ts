import 'server-only';
import { csvHeader, csvRecord, type CsvColumn } from '@/lib/csv';
import { logger } from '@/lib/server/log';

/** Rows per database round trip of an export: small enough to keep memory flat, large enough to be quick. */
export const exportBatchSize = 500;

export interface Batch<Row, Cursor> {
  rows: Row[];
  /** Where the next batch starts; null when this was the last one. */
  next: Cursor | null;
}

/**
 * A CSV download that streams: the header first, then one keyset-paginated batch per pull, so the reader's
 * pace sets the pace of the queries and at most one batch is ever held in memory. A UTF-8 byte-order mark
 * leads, so spreadsheet programs read names and the rupee sign correctly.
 */
export function csvDownload<Row, Cursor>(input: {
  filename: string;
  columns: readonly CsvColumn<Row>[];
  batch: (after: Cursor | null) => Promise<Batch<Row, Cursor>>;
}): Response {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvHeader(input.columns)}`));
        return;
      }
      try {
        const { rows, next } = await input.batch(cursor);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(rows.map((row) => csvRecord(input.columns, row)).join('')));
        }
        if (next === null) controller.close();
        else cursor = next;
      } catch (error) {
        // Headers are gone already: the download ends broken rather than silently short.
        logger.error({ err: error, filename: input.filename }, 'CSV export failed mid-stream');
        controller.error(error);
      }
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${input.filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
