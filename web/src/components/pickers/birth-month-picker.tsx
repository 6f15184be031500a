import { useId } from 'react';
import { useIntl } from 'react-intl';
import { birthMonthRange, localMonthIndex, monthIndexOf } from '#shared/domain/dog-age';
import { INTL_TAG } from '#shared/i18n';
import { useLocale } from '../../lib/intl';
import { FieldError } from './field-parts';
import { NativeSelect } from './select-field';

/** The month ('01'…'12') and year ('2025') chosen; '' until chosen. */
export interface BirthPick {
  month: string;
  year: string;
}

interface BirthMonthPickerProps {
  legend: string;
  value: BirthPick;
  onChange: (value: BirthPick) => void;
  error?: string | undefined;
  /** Said under the selects while there is no error (the age they make). */
  hint?: string | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month and year a dog was born (issue 30): two native selects, which phones show as their own wheels.
 * Nothing is chosen at first. Years run from this one back to a dog LIMITS.dogAge.max years old, newest first;
 * months of the chosen year that are still to come (or too long ago) cannot be chosen.
 */
export function BirthMonthPicker({ legend, value, onChange, error, hint }: BirthMonthPickerProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  const id = useId();
  const { earliest, latest } = birthMonthRange(localMonthIndex());
  const years = Array.from({ length: Math.floor(latest / 12) - Math.floor(earliest / 12) + 1 }, (_, i) =>
    String(Math.floor(latest / 12) - i),
  );
  const monthName = new Intl.DateTimeFormat(INTL_TAG[locale], { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) => {
    const index = value.year ? monthIndexOf(`${value.year}-${pad(i + 1)}`) : undefined;
    return {
      value: pad(i + 1),
      label: monthName.format(new Date(Date.UTC(2000, i, 1))),
      disabled: index !== undefined && (index < earliest || index > latest),
    };
  });
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const select = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-body font-semibold text-foreground">{legend}</legend>
      <div className="grid grid-cols-[3fr_2fr] gap-2">
        <NativeSelect
          {...select}
          name="birthMonth"
          aria-label={intl.formatMessage({ id: 'dogs.form.birthMonth' })}
          value={value.month}
          onChange={(month) => onChange({ ...value, month })}
          options={months}
          placeholder={intl.formatMessage({ id: 'dogs.form.birthMonthPlaceholder' })}
        />
        <NativeSelect
          {...select}
          name="birthYear"
          aria-label={intl.formatMessage({ id: 'dogs.form.birthYear' })}
          value={value.year}
          onChange={(year) => onChange({ ...value, year })}
          options={years.map((year) => ({ value: year, label: year }))}
          placeholder={intl.formatMessage({ id: 'dogs.form.birthYearPlaceholder' })}
        />
      </div>
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-caption text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </fieldset>
  );
}
