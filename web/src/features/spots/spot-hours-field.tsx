import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { LIMITS } from '#shared/limits';
import { TimeField } from '../../components/pickers/time-field';
import { FieldError } from '../../components/pickers/field-parts';
import { useLocale, useT } from '../../lib/intl';
import { WEEK } from './spot-look';

export type Hours = Array<Array<{ from: string; to: string }>>;

/** Where a place with opening hours starts: every day eight to four, to be changed. */
const FIRST_HOURS: Hours = WEEK.map(() => [{ from: '08:00', to: '16:00' }]);

/**
 * A place's opening hours, Monday to Sunday, up to LIMITS.spot.rangesPerDay ranges a day (none: closed), or
 * none at all where hours do not apply (a park, a trail). The schema checks them (ranges in order, apart).
 */
export function SpotHoursField({
  value,
  onChange,
  error,
  errorId,
}: {
  value: Hours | null;
  onChange: (next: Hours | null) => void;
  error?: string | undefined;
  errorId: string;
}) {
  const t = useT();
  const [locale] = useLocale();
  // Copying a day over the others gives the time fields (which keep what is typed) new values: new keys.
  const [copies, setCopies] = useState(0);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const setDay = (day: number, ranges: Hours[number]) =>
    onChange(value!.map((current, i) => (i === day ? ranges : current)));
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="text-body font-semibold">{t('spots.details.hours')}</legend>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(event) => onChange(event.target.checked ? FIRST_HOURS : null)}
          className="size-5 shrink-0 accent-primary"
        />
        {t('spots.form.hasHours')}
      </label>
      {value && (
        <>
          <ul className="flex flex-col gap-3">
            {value.map((ranges, day) => {
              const name = weekday.format(WEEK[day]);
              return (
                <li key={day} className="flex flex-col gap-2 rounded-control bg-muted/50 p-3">
                  <p className="font-semibold capitalize">{name}</p>
                  {ranges.length === 0 && (
                    <p className="text-muted-foreground">{t('spots.details.closed')}</p>
                  )}
                  {ranges.map((range, i) => (
                    <div key={`${copies}-${i}`} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                      <TimeField
                        label={t('spots.form.from')}
                        aria-label={t('spots.form.fromOf', { day: name, n: i + 1 })}
                        value={range.from}
                        onChange={(from) =>
                          setDay(
                            day,
                            ranges.map((r, j) => (j === i ? { ...r, from } : r)),
                          )
                        }
                      />
                      <TimeField
                        label={t('spots.form.to')}
                        aria-label={t('spots.form.toOf', { day: name, n: i + 1 })}
                        value={range.to}
                        onChange={(to) =>
                          setDay(
                            day,
                            ranges.map((r, j) => (j === i ? { ...r, to } : r)),
                          )
                        }
                      />
                      <button
                        type="button"
                        onClick={() =>
                          setDay(
                            day,
                            ranges.filter((_, j) => j !== i),
                          )
                        }
                        aria-label={t('spots.form.removeRange', { day: name, n: i + 1 })}
                        title={t('spots.form.removeRange', { day: name, n: i + 1 })}
                        className="flex size-11 items-center justify-center rounded-control text-danger hover:bg-muted"
                      >
                        <X aria-hidden="true" className="size-5" />
                      </button>
                    </div>
                  ))}
                  {ranges.length < LIMITS.spot.rangesPerDay && (
                    <button
                      type="button"
                      onClick={() => setDay(day, [...ranges, { from: '', to: '' }])}
                      aria-label={`${t('spots.form.addRange')}: ${name}`}
                      className="inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-primary-strong"
                    >
                      <Plus aria-hidden="true" className="size-4.5" />
                      {t('spots.form.addRange')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            onClick={() => {
              onChange(value.map(() => value[0]!.map((range) => ({ ...range }))));
              setCopies((n) => n + 1);
            }}
            className="inline-flex min-h-11 items-center self-start font-semibold text-primary-strong underline-offset-2 hover:underline"
          >
            {t('spots.form.copyMonday')}
          </button>
        </>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
