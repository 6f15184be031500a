import { EVENT_TIME_ZONE } from '#shared/domain/event-time';

/*
 * What the `ics` package leaves to us (issue 30): it folds lines at 75 characters, not octets (an emoji is
 * four), and a calendar without events has no component at all. These put that right on its text.
 */

/** RFC 5545 3.1: a content line is at most 75 octets, excluding the CRLF. */
const LINE_OCTETS = 75;

/** Europe/Ljubljana as RFC 5545 3.6.5 describes a zone: the EU's summer time, in force since 1996. */
const LJUBLJANA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${EVENT_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One unfolded line as folded lines of at most 75 octets, never splitting a character's UTF-8 bytes. */
function foldLine(line: string): string[] {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line starts with a space, which counts.
    if (octets + size > LINE_OCTETS) {
      parts.push(part);
      part = ' ';
      octets = 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts;
}

/**
 * The calendar text of `ics`, refolded by octets, naming its zone (X-WR-TIMEZONE for the clients that read
 * it) and describing it (VTIMEZONE), which also keeps a feed with no events a valid VCALENDAR: RFC 5545
 * wants at least one component.
 */
export function finishCalendar(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  // The calendar's properties end where its first component (or its end) begins.
  const componentsAt = lines.findIndex((line, index) => index > 0 && /^(BEGIN|END):/.test(line));
  lines.splice(componentsAt, 0, `X-WR-TIMEZONE:${EVENT_TIME_ZONE}`, ...LJUBLJANA_VTIMEZONE);
  return `${lines.flatMap(foldLine).join('\r\n')}\r\n`;
}
