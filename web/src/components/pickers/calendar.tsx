import { DayPicker } from '@daypicker/react';
import { de } from '@daypicker/react/locale/de';
import { enGB } from '@daypicker/react/locale/en-GB';
import { it } from '@daypicker/react/locale/it';
import { sl } from '@daypicker/react/locale/sl';
import '@daypicker/react/style.css';
import type { Locale } from '#shared/i18n';
import { useLocale } from '../../lib/intl';

const LOCALES = { sl, en: enGB, de, it } satisfies Record<Locale, unknown>;

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

interface CalendarProps {
  /** ISO dates: the chosen one (if any) and the first and last that may be chosen. */
  value: string | null;
  min: string;
  max: string;
  onPick: (iso: string) => void;
}

/** A month calendar in the page's language, weeks from Monday. Loaded only when a date field opens it. */
export default function Calendar({ value, min, max, onPick }: CalendarProps) {
  const [locale] = useLocale();
  const selected = value ? toDate(value) : undefined;
  const [first, last] = [toDate(min), toDate(max)];
  return (
    <DayPicker
      mode="single"
      locale={LOCALES[locale]}
      weekStartsOn={1}
      selected={selected}
      defaultMonth={selected ?? first}
      startMonth={first}
      endMonth={last}
      disabled={[{ before: first }, { after: last }]}
      onSelect={(day) => day && onPick(toIso(day))}
      autoFocus
      className="mx-auto [--rdp-accent-background-color:var(--color-primary-soft)] [--rdp-accent-color:var(--color-primary)]"
    />
  );
}
