import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { inLjubljana } from '#shared/domain/event-time';
import { AppError } from '#shared/errors';
import { isLocale } from '#shared/i18n';
import { events, users } from '../../db/schema';
import { formatMessage } from '../../locales';
import type { ServiceDeps } from '../deps';
import type { Attendee } from '#shared/schemas/events';
import { attendees } from './events';

/**
 * The organiser's attendee list as a CSV file for a spreadsheet (issue 21): UTF-8 with a byte order mark
 * (Excel reads the encoding from it), headers and statuses in the organiser's language, times in Ljubljana.
 */

/**
 * Defuses formulas (issue 28) in every cell a spreadsheet might cut out of `value`. Excel in Slovenian,
 * German or Italian settings splits on `;`, import dialogs on tabs or `|`, so a cell can start after any of
 * those or a line break, not only at our commas. Where one starts and, past spaces and quotes, an = + - @
 * (or the full-width ＝ ＋ － ＠ Japanese Excel and Numbers honour) follows, an apostrophe goes in and the
 * cell opens as text (OWASP, CSV Injection). A tab, CR or LF before the formula starts a cell itself, so
 * the apostrophe goes after it (a leading tab or CR is the classic way past a start-only check).
 */
const FORMULA_AT_CELL_START = /(?<=^|[,;\t|\r\n])(?=(?:"|[^\S\t\r\n])*[=+\-@＝＋－＠])/g;
export const safeCell = (value: string) => value.replace(FORMULA_AT_CELL_START, "'");

/** When someone joined, as Ljubljana's wall clock ("2026-05-03 17:05"). */
const joined = (instant: Date) => {
  const { date, time } = inLjubljana(instant);
  return `${date} ${time}`;
};

/** The file's text: a header and one row per attendee, `text` giving the organiser's words for a message key. */
export function attendeeCsv(list: Attendee[], text: (key: string) => string) {
  const rows = list.map((person, index) => [
    String(index + 1),
    person.userId ? person.fullName : text('events.export.hidden'),
    text(person.isCreator ? 'events.export.organiser' : `events.export.status.${person.status}`),
    joined(person.joinedAt),
  ]);
  const header = ['#', 'name', 'status', 'joined'].map((column) => text(`events.export.column.${column}`));
  // Every cell defused and every field quoted: a quoted line break stays in its row (csv-stringify leaves a
  // lone CR or LF unquoted once `record_delimiter` is set), and a quoted separator stays in its cell.
  return stringify(
    [header, ...rows].map((row) => row.map(safeCell)),
    { bom: true, record_delimiter: 'windows', quoted: true },
  );
}

export async function exportAttendees(deps: ServiceDeps, organiserId: string, eventId: string) {
  const [event] = await deps.db
    .select({ title: events.title, eventDate: events.eventDate, organiser: events.userId })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || event.organiser !== organiserId) throw new AppError('NOT_FOUND');
  const [me] = await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, organiserId));
  const locale = me && isLocale(me.locale) ? me.locale : 'sl';
  const text = (key: string) => formatMessage(locale, key);
  const csv = attendeeCsv(await attendees(deps, organiserId, eventId), text);
  const slug =
    event.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event';
  return { filename: `${slug}-${event.eventDate}.csv`, csv };
}
