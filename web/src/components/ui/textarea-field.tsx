import clsx from 'clsx';
import { type TextareaHTMLAttributes, useId } from 'react';
import { useIntl } from 'react-intl';
import { CONTROL_CLASSES, FieldError } from '../pickers/field-parts';
import { Label } from './label';

interface TextareaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'maxLength'
> {
  label: string;
  value: string;
  maxLength: number;
  error?: string | undefined;
}

/** A textarea with its label, a live "N/max" counter (red past the limit) and the error, tied together. */
export function TextareaField({
  label,
  value,
  maxLength,
  error,
  id,
  className,
  ...props
}: TextareaFieldProps) {
  const intl = useIntl();
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={fieldId}>{label}</Label>
        <span
          id={`${fieldId}-count`}
          className={clsx(
            'text-caption tabular-nums',
            value.length > maxLength ? 'text-danger' : 'text-muted-foreground',
          )}
        >
          {intl.formatMessage({ id: 'common.charCount' }, { count: value.length, max: maxLength })}
        </span>
      </div>
      <textarea
        id={fieldId}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={clsx(`${fieldId}-count`, error && `${fieldId}-error`)}
        className={clsx(CONTROL_CLASSES, 'resize-y py-2.5', className)}
        {...props}
      />
      {error && <FieldError id={`${fieldId}-error`}>{error}</FieldError>}
    </div>
  );
}
