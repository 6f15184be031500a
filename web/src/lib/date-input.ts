/*
 * Dates and times typed in the page's language, whatever language the browser speaks: a native date or
 * time input would show the browser's format (e.g. mm/dd/yyyy and AM/PM) on a Slovenian page. Values stay
 * ISO ('YYYY-MM-DD', 'HH:MM'), as the shared schemas expect. Pure (unit tested).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-24' as the language writes it: '24. 11. 2026' (sl-SI), '24/11/2026' (en-GB), '24.11.2026' (de-DE). */
export function formatDateInput(iso: string, intlTag: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Intl.DateTimeFormat(intlTag, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * What was typed, as an ISO date: day, month and year in that order (all four languages write them so),
 * split by anything that is not a digit ('24. 11. 2026', '24/11/2026', '24.11.2026'), or ISO itself.
 * Null when it is not a real date.
 */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const local = /^(\d{1,2})\D+(\d{1,2})\D+(\d{4})$/.exec(trimmed);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A typed time as 24-hour 'HH:MM' ('9' → '09:00', '1630' → '16:30', '16.30' → '16:30'); null if none. */
export function parseTimeInput(text: string): string | null {
  const trimmed = text.trim();
  const split = /^(\d{1,2})(?:\D(\d{1,2}))?$/.exec(trimmed);
  const joined = /^(\d{2})(\d{2})$/.exec(trimmed);
  const parts = joined ?? split;
  if (!parts) return null;
  const hours = Number(parts[1]);
  const minutes = Number(parts[2] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}
