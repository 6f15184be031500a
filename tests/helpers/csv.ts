/**
 * Reading an exported CSV the ways a spreadsheet might, to check that no cell can open as a formula
 * whichever separator the reader picks (Excel in Slovenian, German or Italian settings splits on `;`).
 */

/** The separators a spreadsheet or an import dialog may split a line on. */
export const SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * Quote-aware reading, as Excel, LibreOffice and Python's csv do: a field that opens with `"` runs to the
 * next lone `"` (`""` inside is one quote, line breaks and separators inside are kept) and whatever follows
 * the closing quote is kept as it is; outside quotes `separator` ends a field and CR, LF or CRLF a record.
 */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (char === separator) {
      row.push(cell);
      cell = '';
      fieldStart = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      fieldStart = true;
    } else {
      cell += char;
      fieldStart = false;
    }
  }
  if (cell !== '' || row.length > 0 || quoted) rows.push([...row, cell]);
  return rows;
}

/** Naive reading: every line break ends a line and every `separator` a cell, quotes or not. */
export const splitNaively = (text: string, separator: string) =>
  text.split(/\r\n|\r|\n/).map((line) => line.split(separator));

/** What a cell starts with once surrounding quotes and leading whitespace are gone. */
export const opening = (cell: string) => cell.replace(/^[\s"]+/, '');

/** A start a spreadsheet takes for a formula (full-width forms included: Japanese Excel, Apple Numbers). */
export const FORMULA_START = /^[=+\-@\t\r\n＝＋－＠]/;

/** Every cell of `csv` (without its BOM), read with each separator both naively and quote-aware. */
export function cellsAsSpreadsheetsSplitThem(csv: string) {
  const text = csv.replace(/^\uFEFF/, '');
  return SEPARATORS.flatMap((separator) =>
    [...splitNaively(text, separator), ...parseCsv(text, separator)].flat().map((cell) => ({
      separator,
      cell,
    })),
  );
}

/** The cells that would open as a formula in some spreadsheet, with the separator that opens them. */
export const formulaCells = (csv: string) =>
  cellsAsSpreadsheetsSplitThem(csv).filter(({ cell }) => FORMULA_START.test(opening(cell)));

/** The characters after which a spreadsheet may start a new cell. */
const BOUNDARIES = new Set([',', ';', '\t', '|', '\r', '\n']);

/**
 * Whether `shown` is `original` with nothing but neutralising apostrophes added, each at the start or right
 * after a character a spreadsheet may split on, so the organiser still reads the real name.
 */
export function addsOnlyNeutralisers(shown: string, original: string) {
  let next = 0;
  for (let i = 0; i < shown.length; i++) {
    if (shown[i] === original[next]) next++;
    else if (shown[i] !== "'" || (i > 0 && !BOUNDARIES.has(shown[i - 1]!))) return false;
  }
  return next === original.length;
}
