import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  type FieldIssue,
  type FieldIssues,
  focusFirstInvalid,
  issuesByField,
  serverIssues,
} from './form-issues';
import { useT } from './intl';

interface SchemaFormOptions<V, S extends z.ZodType, F extends string> {
  /**
   * The shared schema (src/schemas) from a dynamic import: zod is ~23 KB gzipped, so it loads while the form
   * is on screen instead of before the page can render. Import promises are cached: it loads once.
   */
  loadSchema: () => Promise<S>;
  initial: () => V;
  /**
   * The fields (input names) in the order they appear, for moving the focus to the first invalid one;
   * the order of the initial values' keys when not given.
   */
  order?: readonly F[];
  /** The numbers each field's messages need (the server's errors carry only locale keys). */
  bounds?: Partial<Record<F, Record<string, number>>>;
  /** What the schema checks, when the form holds something else (a photo for its key, a number as typed). */
  toInput?: (values: V) => unknown;
  /**
   * Rules the schema checks only once every field is valid (rules on the whole object), added so that
   * every error shows at once.
   */
  moreIssues?: (values: V, found: FieldIssues<F>) => void;
  /** The field whose issue a change of `key` clears, where the two are named apart (image → imageKey). */
  issueOf?: (key: keyof V) => F;
  /** Called whenever errors are shown (to say one of them elsewhere too). */
  onIssues?: (found: FieldIssues<F>) => void;
}

/**
 * A form checked with a shared zod schema (src/schemas); its messages are locale keys, so errors come out
 * translated and follow a change of language. Every field's error shows at once, and the focus goes to the
 * first invalid field (keyboard and screen-reader users land on it); the server's refusals of single
 * fields show the same way.
 */
export function useSchemaForm<V extends object, S extends z.ZodType, F extends string>({
  loadSchema,
  initial,
  order,
  bounds,
  toInput = (values) => values,
  moreIssues,
  issueOf = (key) => key as unknown as F,
  onIssues,
}: SchemaFormOptions<V, S, F>) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<FieldIssues<F>>({});
  const fields = order ?? (Object.keys(values) as F[]);

  useEffect(() => {
    void loadSchema();
  }, [loadSchema]);

  const showIssues = (found: FieldIssues<F>) => {
    setIssues(found);
    focusFirstInvalid(formRef.current, fields, found);
    onIssues?.(found);
  };

  /** A field's new value (or its update from the current one); its error goes until the next check. */
  const set = <K extends keyof V>(key: K, value: V[K] | ((current: V[K]) => V[K])) => {
    setValues((previous) => ({
      ...previous,
      [key]: typeof value === 'function' ? (value as (current: V[K]) => V[K])(previous[key]) : value,
    }));
    setIssues((previous) => ({ ...previous, [issueOf(key)]: undefined }));
  };
  /** The field's error in the page's language, if it has one. */
  const message = (field: F) => {
    const issue: FieldIssue | undefined = issues[field];
    return issue && t(issue.key, issue.values);
  };

  /** The parsed input, or null after showing every field's error. */
  const validate = async (): Promise<z.output<S> | null> => {
    const result = (await loadSchema()).safeParse(toInput(values));
    if (result.success) {
      setIssues({});
      return result.data;
    }
    const found = issuesByField<F>(result.error.issues, bounds);
    moreIssues?.(values, found);
    showIssues(found);
    return null;
  };
  return {
    formRef,
    values,
    set,
    message,
    issues,
    /** Back to these values (a form that stays after saving). */
    reset: (next: V) => {
      setValues(next);
      setIssues({});
    },
    /** Props for a text input: its name, value, change handler and error. */
    field: <K extends keyof V & F>(name: K) => ({
      name,
      value: values[name] as string,
      error: message(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value as V[K]),
    }),
    showIssues,
    validate,
    /**
     * The form's submit handler: nothing while `busy` (a save on its way); otherwise every field is checked
     * and `send` gets the parsed input.
     */
    submitWith:
      (send: (input: z.output<S>) => void, busy = false) =>
      (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (busy) return;
        void validate().then((input) => input && send(input));
      },
    /**
     * Shows the server's refusals of single fields (`more` may add what only the form knows to say on a
     * field); null when the error is not about fields.
     */
    refused(error: unknown, more?: (found: FieldIssues<F>) => void): FieldIssues<F> | null {
      const found = serverIssues<F>(error, bounds) ?? {};
      more?.(found);
      if (!Object.keys(found).length) return null;
      showIssues(found);
      return found;
    },
  };
}
