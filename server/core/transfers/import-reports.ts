// What the user import's and the team import's reports share: a bounded list of the records
// refused (a file of a million bad lines must not make a report of a million entries), and how
// an id in the file is told to be authd's own rather than another system's.

/** How many refusals (and notes, missing members) a report lists; past that it only counts them. */
export const listedLimit = 1000;

/** An id of this shape may be authd's own row id (a file that authd itself exported). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RecordRefusals {
  refused_count: number;
  /** The first refusals: the file's line, the source's id when known, and why. */
  refused: { line: number; external_id: string | null; reason: string }[];
}

/** Counts one refused record, and lists it while the list is under its limit. */
export function noteRefusal(report: RecordRefusals, line: number, externalId: string | null, reason: string): void {
  report.refused_count += 1;
  if (report.refused.length < listedLimit) report.refused.push({ line, external_id: externalId, reason });
}
