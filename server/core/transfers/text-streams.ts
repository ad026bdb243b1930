// Reading export files a piece at a time: lines, CSV rows and the elements of one JSON array, each
// with the line it starts on. An import of a million users never holds the file in memory, only
// the record being read.

/** One unit of a file (a line, a CSV row, a JSON array element) and the line it starts on. */
export interface NumberedText<T> {
  line: number;
  value: T;
}

async function* decodedChunks(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The file's lines, numbered from 1, without their line ends; blank lines are left out. */
export async function* readLines(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<NumberedText<string>> {
  let pending = '';
  let line = 0;
  for await (const text of decodedChunks(bytes)) {
    pending += text;
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      line += 1;
      const value = pending.slice(0, end).replace(/\r$/, '');
      pending = pending.slice(end + 1);
      if (value.trim() !== '') yield { line, value };
    }
  }
  line += 1;
  if (pending.trim() !== '') yield { line, value: pending.replace(/\r$/, '') };
}

/**
 * RFC 4180 rows: fields separated by commas, quoted with `"` when they hold a comma, a quote
 * (doubled) or a line end. A row's number is the line it starts on; blank lines are left out.
 */
export async function* readCsvRows(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<NumberedText<string[]>> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  let rowHasContent = false;
  const endRow = (): NumberedText<string[]> | null => {
    fields.push(field);
    const row = rowHasContent ? { line: rowLine, value: fields } : null;
    fields = [];
    field = '';
    rowHasContent = false;
    return row;
  };
  for await (const text of decodedChunks(bytes)) {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (c === '\n') line += 1;
          field += c;
        }
        continue;
      }
      if (c === '"') {
        // A doubled quote inside a quoted field reopens it with one quote kept.
        if (afterQuote) field += '"';
        quoted = true;
        afterQuote = false;
        rowHasContent = true;
        continue;
      }
      afterQuote = false;
      if (c === ',') {
        fields.push(field);
        field = '';
        rowHasContent = true;
      } else if (c === '\n') {
        const row = endRow();
        if (row) yield row;
        line += 1;
        rowLine = line;
      } else if (c !== '\r') {
        field += c;
        rowHasContent = true;
      }
    }
  }
  const row = endRow();
  if (row) yield row;
}

/** CSV rows as objects keyed by the header row's names. */
export async function* readCsvRecords(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<NumberedText<Record<string, string>>> {
  let header: string[] | null = null;
  for await (const row of readCsvRows(bytes)) {
    if (!header) {
      header = row.value.map((name) => name.trim().replace(/^\uFEFF/, ''));
      continue;
    }
    yield { line: row.line, value: Object.fromEntries(header.map((name, i) => [name, row.value[i] ?? ''])) };
  }
}

/**
 * The elements of the array under `key` of a JSON document's top object (Firebase's
 * `{"users": [...]}`), each parsed alone: the scanner tracks strings and nesting depth only.
 * An element that is not valid JSON comes as its text with `error` set.
 */
export async function* readJsonArrayElements(
  bytes: AsyncIterable<Uint8Array>,
  key: string,
): AsyncGenerator<NumberedText<unknown> & { error?: string }> {
  const wanted = JSON.stringify(key);
  let state: 'before' | 'inArray' | 'after' = 'before';
  let prefix = '';
  let element = '';
  let elementLine = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  for await (const text of decodedChunks(bytes)) {
    if (state === 'before') {
      prefix += text;
      const at = /"((?:[^"\\]|\\.)*)"\s*:\s*\[/.exec(prefix);
      const found = at && at[0].startsWith(wanted) ? at : null;
      if (!found) {
        if (at && !at[0].startsWith(wanted)) throw new Error(`the document's first array is not under "${key}"`);
        continue;
      }
      const consumed = prefix.slice(0, found.index + found[0].length);
      line += consumed.split('\n').length - 1;
      const rest = prefix.slice(consumed.length);
      prefix = '';
      state = 'inArray';
      yield* scan(rest);
      continue;
    }
    if (state === 'inArray') yield* scan(text);
  }
  if (state === 'before') throw new Error(`no "${key}" array in the document`);
  if (state === 'inArray') throw new Error(`the "${key}" array is not closed: the file ends inside it`);

  function* scan(text: string): Generator<NumberedText<unknown> & { error?: string }> {
    for (let i = 0; i < text.length && state === 'inArray'; i++) {
      const c = text[i]!;
      if (c === '\n') line += 1;
      if (depth === 0) {
        if (c === ']') state = 'after';
        else if (c === '{' || c === '[') {
          depth = 1;
          element = c;
          elementLine = line;
        }
        continue;
      }
      element += c;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        depth -= 1;
        if (depth === 0) {
          try {
            yield { line: elementLine, value: JSON.parse(element) };
          } catch (error) {
            yield { line: elementLine, value: element, error: (error as Error).message };
          }
          element = '';
        }
      }
    }
  }
}
