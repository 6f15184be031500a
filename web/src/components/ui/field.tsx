import { type InputHTMLAttributes, useId } from 'react';
import { Input } from './input';
import { Label } from './label';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input and announced with it. */
  error?: string | undefined;
  hint?: string;
}

/** Label, input and error text tied together (htmlFor, aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, id, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint && !error ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {errorId && (
        <p id={errorId} className="text-caption font-medium text-danger">
          {error}
        </p>
      )}
      {hintId && (
        <p id={hintId} className="text-caption text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
