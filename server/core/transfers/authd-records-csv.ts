// authd's user records as CSV: one column per record field (userRecordFields' order), JSON in
// the cells of list and metadata fields, true/false for flags, milliseconds for times, and an
// empty cell for none.
import { booleanCsvFields, jsonCsvFields, numberCsvFields, RecordRefusal, userRecordFields } from './user-records';

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(fields: readonly string[]): string {
  return `${fields.map(csvCell).join(',')}\n`;
}

/** One record as a CSV row of `fields`, line end included. */
export function recordAsCsvRow(record: Partial<Record<string, unknown>>, fields: readonly string[]): string {
  const cells = fields.map((field) => {
    const value = record[field];
    if (value === undefined || value === null) return '';
    if (jsonCsvFields.has(field)) return csvCell(JSON.stringify(value));
    return csvCell(String(value));
  });
  return `${cells.join(',')}\n`;
}

/** A CSV row (by header name) as the record it was written from. */
export function recordFromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [field, cell] of Object.entries(row)) {
    if (!(userRecordFields as readonly string[]).includes(field)) throw new RecordRefusal(`"${field}" is not a column of authd's user records`);
    if (cell === '') continue;
    if (jsonCsvFields.has(field)) {
      try {
        record[field] = JSON.parse(cell);
      } catch {
        throw new RecordRefusal(`${field}: not JSON`);
      }
    } else if (booleanCsvFields.has(field)) {
      if (cell !== 'true' && cell !== 'false') throw new RecordRefusal(`${field}: "${cell}" is not true or false`);
      record[field] = cell === 'true';
    } else if (numberCsvFields.has(field)) {
      if (!/^\d+$/.test(cell)) throw new RecordRefusal(`${field}: "${cell}" is not a number of milliseconds`);
      record[field] = Number(cell);
    } else {
      record[field] = cell;
    }
  }
  return record;
}

