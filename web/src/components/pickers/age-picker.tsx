import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { Label } from '../ui/label';
import { CONTROL_CLASSES, FieldError } from './field-parts';

interface AgePickerProps {
  value: number | undefined;
  onChange: (age: number) => void;
  /** Names the unit too ('Starost (leta)'): the options are plain numbers. */
  label: string;
  error?: string | undefined;
  id?: string | undefined;
  name?: string | undefined;
  disabled?: boolean | undefined;
  min?: number;
  max?: number;
}

/** Age in whole years: a native select, which phones show as their own wheel or list. */
export function AgePicker({
  value,
  onChange,
  label,
  error,
  id,
  name,
  disabled,
  min = LIMITS.dogAge.min,
  max = LIMITS.dogAge.max,
}: AgePickerProps) {
  const intl = useIntl();
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  const ages = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={selectId}>{label}</Label>
      <div className="relative">
        <select
          id={selectId}
          name={name}
          disabled={disabled}
          value={value ?? ''}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(CONTROL_CLASSES, 'appearance-none pr-11')}
        >
          {value === undefined && (
            <option value="" disabled>
              {intl.formatMessage({ id: 'pickers.agePlaceholder' })}
            </option>
          )}
          {ages.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
