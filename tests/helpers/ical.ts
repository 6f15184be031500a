import ICAL from 'ical.js';
import { expect } from 'vitest';

/** RFC 5545 3.1: content lines of at most 75 octets, excluding the CRLF. */
const LINE_OCTETS = 75;

export interface CalendarEvent {
  uid: string;
  summary: string;
  description: string | null;
  location: string;
  url: string;
  start: Date;
  end: Date;
}

const text = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : null;
};
const time = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  expect(value, `${name} of a VEVENT`).toBeInstanceOf(ICAL.Time);
  return (value as ICAL.Time).toJSDate();
};

/**
 * Reads an .ics the app made as a strict calendar would, failing the test on anything invalid: CRLF lines
 * folded at 75 octets, what Mozilla's ical.js refuses to parse (a property without a value, such as the
 * `ORGANIZER;CN="…"` of issue 30), one VCALENDAR (VERSION 2.0, PRODID) describing Europe/Ljubljana as a
 * VTIMEZONE with the right offsets, and exactly `events` VEVENTs, each with UID, DTSTAMP, DTSTART and a later
 * DTEND (no DURATION beside it), and an ORGANIZER only with a mailto: address.
 */
export function readCalendar(ics: string, { events }: { events: number }): CalendarEvent[] {
  expect(ics.endsWith('\r\n'), 'ends with CRLF').toBe(true);
  expect(ics.replace(/\r\n/g, ''), 'no bare CR or LF').not.toMatch(/[\r\n]/);
  for (const line of ics.slice(0, -2).split('\r\n'))
    expect(Buffer.byteLength(line), `"${line}" in octets`).toBeLessThanOrEqual(LINE_OCTETS);

  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(text(calendar, 'prodid')).toBeTruthy();

  const zones = calendar.getAllSubcomponents('vtimezone');
  expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Ljubljana']);
  const zone = new ICAL.Timezone(zones[0]!);
  const offsetHours = (iso: string) => zone.utcOffset(ICAL.Time.fromDateTimeString(iso)) / 3600;
  expect([offsetHours('2026-01-15T12:00:00'), offsetHours('2026-07-15T12:00:00')]).toEqual([1, 2]);
  // Summer time starts on the last Sunday of March at 02:00.
  expect([offsetHours('2026-03-29T01:59:00'), offsetHours('2026-03-29T03:00:00')]).toEqual([1, 2]);

  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(events);
  return vevents.map((vevent) => {
    for (const name of ['uid', 'dtstamp', 'dtstart', 'dtend'])
      expect(vevent.hasProperty(name), `VEVENT has ${name}`).toBe(true);
    expect(vevent.hasProperty('duration'), 'DTEND, not DURATION').toBe(false);
    for (const organiser of vevent.getAllProperties('organizer'))
      expect(String(organiser.getFirstValue())).toMatch(/^mailto:\S+@\S+$/);
    const event: CalendarEvent = {
      uid: text(vevent, 'uid')!,
      summary: text(vevent, 'summary')!,
      description: text(vevent, 'description'),
      location: text(vevent, 'location')!,
      url: text(vevent, 'url')!,
      start: time(vevent, 'dtstart'),
      end: time(vevent, 'dtend'),
    };
    expect(event.end.getTime()).toBeGreaterThan(event.start.getTime());
    return event;
  });
}
