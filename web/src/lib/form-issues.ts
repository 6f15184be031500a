import type { z } from 'zod';
import { appErrorOf } from './errors';

/** A locale key with the numbers its message may show ("between {min} and {max}"). */
export interface FieldIssue {
  key: string;
  values: Record<string, number>;
}

export type FieldIssues<F extends string> = Partial<Record<F, FieldIssue>>;

/** The bounds a rule failed on, taken from the issue so no number is typed twice. */
function valuesOf(issue: z.core.$ZodIssue): Record<string, number> {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  // Range rules (intInRange in src/schemas/common.ts) carry both bounds.
  if (issue.code === 'custom' && issue.params) return issue.params as Record<string, number>;
  return {};
}

/**
 * The first issue of each top-level field of a failed safeParse. `values` gives each field's numbers for
 * issues that carry none (a range message for a missing number).
 */
export function issuesByField<F extends string>(
  issues: readonly z.core.$ZodIssue[],
  values: Partial<Record<F, Record<string, number>>> = {},
): FieldIssues<F> {
  const found: FieldIssues<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    found[field] ??= { key: issue.message, values: { ...values[field], ...valuesOf(issue) } };
  }
  return found;
}

/**
 * The server's per-field refusals (locale keys only) as issues, with the numbers each field's messages
 * need; null when the error is not a validation error with fields.
 */
export function serverIssues<F extends string>(
  error: unknown,
  values: Partial<Record<F, Record<string, number>>> = {},
): FieldIssues<F> | null {
  const fields = appErrorOf(error)?.fieldErrors;
  if (!fields) return null;
  const found: FieldIssues<F> = {};
  for (const [field, keys] of Object.entries(fields)) {
    const key = keys[0];
    if (key) found[field as F] = { key, values: values[field as F] ?? {} };
  }
  return found;
}

/** Moves the focus to the first invalid field (by name, in `order`), for keyboard and screen-reader users. */
export function focusFirstInvalid(
  form: HTMLElement | null,
  order: readonly string[],
  issues: FieldIssues<string>,
) {
  const first = order.find((name) => issues[name]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
