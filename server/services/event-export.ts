import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { inLjubljana } from '../../src/domain/event-time';
import { AppError } from '../../src/errors';
import { isLocale } from '../../src/i18n';
import { events, users } from '../db/schema';
import { formatMessage } from '../locales';
import type { ServiceDeps } from './deps';
import { attendees } from './events';

/**
 * The organiser's attendee list as a CSV file for a spreadsheet (issue 21): UTF-8 with a byte order mark
 * (Excel reads the encoding from it), headers and statuses in the organiser's language, times in Ljubljana.
 * A cell a spreadsheet would take for a formula (=, +, -, @, a tab or a return first) gets a leading
 * apostrophe, so a name like "=HYPERLINK(…)" stays text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
export const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** When someone joined, as Ljubljana's wall clock ("2026-05-03 17:05"). */
const joined = (instant: Date) => {
  const { date, time } = inLjubljana(instant);
  return `${date} ${time}`;
};

export async function exportAttendees(deps: ServiceDeps, organiserId: string, eventId: string) {
  const [event] = await deps.db
    .select({ title: events.title, eventDate: events.eventDate, organiser: events.userId })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || event.organiser !== organiserId) throw new AppError('NOT_FOUND');
  const [me] = await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, organiserId));
  const locale = me && isLocale(me.locale) ? me.locale : 'sl';
  const text = (key: string) => formatMessage(locale, key);
  const list = await attendees(deps, organiserId, eventId);
  const rows = list.map((person, index) => [
    String(index + 1),
    safeCell(person.userId ? person.fullName : text('events.export.hidden')),
    text(person.isCreator ? 'events.export.organiser' : `events.export.status.${person.status}`),
    joined(person.joinedAt),
  ]);
  const header = ['#', 'name', 'status', 'joined'].map((column) => text(`events.export.column.${column}`));
  const csv = stringify([header, ...rows], { bom: true, record_delimiter: 'windows' });
  const slug =
    event.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event';
  return { filename: `${slug}-${event.eventDate}.csv`, csv };
}
