import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type SelectHTMLAttributes, useId } from 'react';
import { Label } from '../ui/label';
import { CONTROL_CLASSES, FieldError } from './field-parts';

interface NativeSelectProps<V extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
> {
  value: V | '';
  onChange: (value: V | '') => void;
  options: ReadonlyArray<{ value: V; label: string; disabled?: boolean }>;
  /** A first option (value '') that chooses none: "not said", "any"… */
  emptyLabel?: string | undefined;
  /** …or a prompt shown until something is chosen, which cannot be chosen itself. */
  placeholder?: string | undefined;
}

/** A native select with the controls' look, which phones show as their own wheel or list. */
export function NativeSelect<V extends string>({
  value,
  onChange,
  options,
  emptyLabel,
  placeholder,
  className,
  ...props
}: NativeSelectProps<V>) {
  return (
    <div className="relative">
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
        className={clsx(CONTROL_CLASSES, 'appearance-none pr-11', className)}
        {...props}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {placeholder !== undefined && value === '' && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

interface SelectFieldProps<V extends string> extends Pick<
  NativeSelectProps<V>,
  'value' | 'onChange' | 'options' | 'emptyLabel' | 'placeholder'
> {
  label: string;
  name?: string | undefined;
  error?: string | undefined;
}

/** One choice from a list, with its label and error. */
export function SelectField<V extends string>({ label, name, error, ...select }: SelectFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
