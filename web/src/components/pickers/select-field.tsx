import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Label } from '../ui/label';
import { CONTROL_CLASSES, FieldError } from './field-parts';

interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  options: ReadonlyArray<{ value: V; label: string }>;
  /** A first option (value '') that chooses none: "not said", "any"… */
  emptyLabel?: string;
  /** …or a prompt shown until something is chosen, which cannot be chosen itself. */
  placeholder?: string;
  name?: string | undefined;
  error?: string | undefined;
}

/** One choice from a list: a native select, which phones show as their own wheel or list. */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  emptyLabel,
  placeholder,
  name,
  error,
}: SelectFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value as V | '')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(CONTROL_CLASSES, 'appearance-none pr-11')}
        >
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {placeholder !== undefined && value === '' && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
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
