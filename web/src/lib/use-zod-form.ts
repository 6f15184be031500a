import { type ChangeEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';

/** A locale key with the numbers its message may show ("at least {min} characters"). */
interface FieldError {
  key: string;
  values: { min?: number; max?: number };
}

/** The bound a length rule failed on, taken from the schema so no number is typed twice. */
function limitsOf(issue: z.core.$ZodIssue): FieldError['values'] {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  // Range rules (intInRange in src/schemas/common.ts) carry both bounds.
  if (issue.code === 'custom' && issue.params) return issue.params as FieldError['values'];
  return {};
}

/**
 * Text-field form state checked with a shared zod schema from src/schemas. The schema's messages are
 * locale keys, so the errors come out translated.
 *
 * The schema comes from a loader (a dynamic import): zod is ~23 KB gzipped, so it loads while the form
 * is on screen instead of before the page can render. Import promises are cached, so it loads once.
 */
export function useZodForm<F extends string, S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  initial: Record<F, string>,
) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, FieldError>>>({});

  useEffect(() => {
    void loadSchema();
  }, [loadSchema]);

  /** Props for a text field: value, change handler and the translated error (errors keep their keys, so
   * they follow a change of language). */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name] && intl.formatMessage({ id: errors[name].key }, errors[name].values),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  /** The parsed values, or null after showing the first error of each field and moving focus to the
   * first invalid one (so keyboard and screen-reader users land on it). */
  const validate = async (form?: HTMLFormElement): Promise<z.output<S> | null> => {
    const result = (await loadSchema()).safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Partial<Record<F, FieldError>> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '') as F;
      next[name] ??= { key: issue.message, values: limitsOf(issue) };
    }
    setErrors(next);
    const first = Object.keys(values).find((name) => next[name as F]);
    if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return null;
  };

  return { values, field, validate };
}
