import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { displayName } from '#shared/data/named';
import { TRAITS } from '#shared/data/traits';
import { LIMITS } from '#shared/limits';
import { useLocale } from '../../lib/intl';
import { FieldError } from './field-parts';

interface TraitsPickerProps {
  /** Canonical trait names, in the order they were picked (cards show the first few). */
  value: string[];
  onChange: (traits: string[]) => void;
  label: string;
  error?: string | undefined;
  id?: string | undefined;
  /** Set on every chip, so a form can focus the group by name. */
  name?: string | undefined;
  disabled?: boolean | undefined;
}

/** All traits as toggle buttons (aria-pressed): Tab reaches each, Space or Enter toggles it. */
export function TraitsPicker({ value, onChange, label, error, id, name, disabled }: TraitsPickerProps) {
  const [locale] = useLocale();
  const autoId = useId();
  const groupId = id ?? autoId;
  const labelId = `${groupId}-label`;
  const errorId = `${groupId}-error`;
  const full = value.length >= LIMITS.dogTraits.max;

  const toggle = (trait: string) =>
    onChange(value.includes(trait) ? value.filter((item) => item !== trait) : [...value, trait]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-body font-semibold text-foreground">
        {label}
      </span>
      <div
        id={groupId}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="flex flex-wrap gap-2"
      >
        {TRAITS.map((trait) => {
          const pressed = value.includes(trait.name);
          return (
            <button
              key={trait.name}
              type="button"
              name={name}
              value={trait.name}
              aria-pressed={pressed}
              disabled={disabled || (full && !pressed)}
              onClick={() => toggle(trait.name)}
              className={clsx(
                'inline-flex min-h-11 items-center gap-1.5 rounded-pill border px-4 text-label font-medium transition-colors',
                'disabled:cursor-not-allowed disabled:opacity-60',
                pressed
                  ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
                  : 'border-input bg-surface text-foreground hover:bg-muted',
              )}
            >
              {pressed && <Check aria-hidden="true" className="size-4" />}
              {displayName(trait, locale)}
            </button>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
