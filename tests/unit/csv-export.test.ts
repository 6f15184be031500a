import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../server/locales';
import { attendeeCsv, safeCell } from '../../server/services/events/event-export';
import type { Attendee } from '#shared/schemas/events';
import { addsOnlyNeutralisers, formulaCells, parseCsv } from '../helpers/csv';

/** Pieces of hostile names: formula starts (ASCII and full-width), separators, line breaks, quotes, spaces. */
const PIECES = [
  ...['=', '+', '-', '@', '＝', '＋', '－', '＠'],
  ...[',', ';', '|', '\t', '\r', '\n', '\r\n'],
  ...['"', "'", ' ', '\u00a0', 'a', 'Ž', 'Ana', '7'],
  ...['=2+5', '=HYPERLINK("http://zlo.example","klik")', "cmd|' /C calc'!A0", '@SUM(1,1)'],
];
const hostileName = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((pieces) => pieces.join('')),
  fc.string({ unit: fc.constantFrom(...PIECES.filter((piece) => piece.length === 1)), maxLength: 30 }),
);
const attendeeList = fc.array(
  fc.record({
    name: hostileName,
    hidden: fc.boolean(),
    status: fc.constantFrom('going', 'waiting', 'pending' as const),
  }),
  { maxLength: 8 },
);
const asAttendees = (list: { name: string; hidden: boolean; status: Attendee['status'] }[]): Attendee[] =>
  list.map(({ name, hidden, status }, index) => ({
    userId: hidden ? null : `user-${index}`,
    fullName: hidden ? '' : name,
    photo: null,
    joinedAt: new Date(Date.UTC(2026, 4, 3, 15, index)),
    isCreator: index === 0,
    status: index === 0 ? 'going' : status,
  }));
const sl = (key: string) => formatMessage('sl', key);

describe('the attendee CSV', () => {
  it('opens no cell as a formula however a spreadsheet splits it, and reads back as the real names', () => {
    fc.assert(
      fc.property(attendeeList, (people) => {
        const list = asAttendees(people);
        const csv = attendeeCsv(list, sl);
        expect(formulaCells(csv)).toEqual([]);
        // Read with the real separator and quotes honoured (Excel in English settings, Python's csv):
        // one row per person however many line breaks the names hold, and the names as they were.
        const table = parseCsv(csv.replace(/^\uFEFF/, ''), ',');
        expect(table).toHaveLength(list.length + 1);
        table.slice(1).forEach((row, index) => {
          const person = list[index]!;
          expect(row).toHaveLength(4);
          expect(row[0]).toBe(String(index + 1));
          const name = person.userId ? person.fullName : sl('events.export.hidden');
          expect(addsOnlyNeutralisers(row[1]!, name), JSON.stringify({ shown: row[1], name })).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('defuses a formula at the start and after every separator, and leaves ordinary names alone', () => {
    expect(safeCell('=HYPERLINK("http://zlo.example")')).toBe(`'=HYPERLINK("http://zlo.example")`);
    expect(safeCell('Ana;=2+5;')).toBe("Ana;'=2+5;");
    expect(safeCell('Zed\t=1+1')).toBe("Zed\t'=1+1");
    expect(safeCell('Ana|-1')).toBe("Ana|'-1");
    expect(safeCell('Ana\n@SUM(1,1)')).toBe("Ana\n'@SUM(1,1)");
    expect(safeCell('Ana; "=1+1"')).toBe(`Ana;' "=1+1"`);
    expect(safeCell('\t=1+1')).toBe("\t'=1+1");
    expect(safeCell('Ana\r\n  =1+1')).toBe("Ana\r\n'  =1+1");
    expect(safeCell('＝1+1')).toBe("'＝1+1");
    for (const name of ['Ana Novak', 'Novak, Ana', 'Ana-Marija Kos', 'Ana; Bor', "O'Neil", '']) {
      expect(safeCell(name)).toBe(name);
    }
  });

  it('quotes every field, so a line break in a name stays inside its row', () => {
    const csv = attendeeCsv(asAttendees([{ name: 'Ana\r\nNovak\nKos', hidden: false, status: 'going' }]), sl);
    expect(csv).toBe(
      '\uFEFF"#","Ime","Status","Prijava"\r\n"1","Ana\r\nNovak\nKos","Organizator","2026-05-03 17:00"\r\n',
    );
  });
});
