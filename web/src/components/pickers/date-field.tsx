import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { INTL_TAG } from '#shared/i18n';
import { formatDateInput, parseDateInput } from '../../lib/date-input';
import { useLocale } from '../../lib/intl';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';

const Calendar = lazy(() => import('./calendar'));

interface DateFieldProps {
  label: string;
  name: string;
  /** ISO 'YYYY-MM-DD'; what cannot be read as a date is passed on as typed, for the schema to refuse. */
  value: string;
  onChange: (value: string) => void;
  /** ISO: the first and last day the calendar offers. */
  min: string;
  max: string;
  error?: string | undefined;
}

/**
 * A date typed in the page's language ('24. 11. 2026' on a Slovenian page, whatever the browser's
 * language) or picked from a calendar; see lib/date-input.ts.
 */
export function DateField({ label, name, value, onChange, min, max, error }: DateFieldProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  const tag = INTL_TAG[locale];
  const id = useId();
  const [text, setText] = useState(() => formatDateInput(value, tag));
  const [open, setOpen] = useState(false);
  const iso = parseDateInput(text);
  // A new language writes the date its way (adjusted while rendering, not in an effect).
  const [shownTag, setShownTag] = useState(tag);
  if (shownTag !== tag) {
    setShownTag(tag);
    if (iso) setText(formatDateInput(iso, tag));
  }
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'common.date.placeholder' })}
          value={text}
          onChange={(change) => {
            setText(change.target.value);
            onChange(parseDateInput(change.target.value) ?? change.target.value.trim());
          }}
          onBlur={() => iso && setText(formatDateInput(iso, tag))}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="pr-12"
        />
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={intl.formatMessage({ id: 'common.date.calendar' }, { label })}
          className="absolute top-1/2 right-1 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-control text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <CalendarDays aria-hidden="true" className="size-5" />
        </button>
      </div>
      {errorId && (
        <p id={errorId} className="text-caption font-medium text-danger">
          {error}
        </p>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="md:max-w-sm!">
          <DialogTitle>{label}</DialogTitle>
          <Suspense
            fallback={
              <div className="flex min-h-72 items-center justify-center text-primary">
                <Spinner className="size-8" />
              </div>
            }
          >
            <Calendar
              value={iso}
              min={min}
              max={max}
              onPick={(picked) => {
                setText(formatDateInput(picked, tag));
                onChange(picked);
                setOpen(false);
              }}
            />
          </Suspense>
        </DialogContent>
      </Dialog>
    </div>
  );
}
