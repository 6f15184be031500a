import clsx from 'clsx';
import { SERIES_SCOPES, type SeriesScope } from '#shared/domain/events';
import { useT } from '../../lib/intl';

/** Which dates of a series a change or a cancellation is for: this one, or every upcoming one. */
export function SeriesScopeField(props: {
  name: string;
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <fieldset className={clsx('flex flex-col gap-2', props.className)}>
      <legend className="px-1 font-semibold">{t('events.form.scope')}</legend>
      {SERIES_SCOPES.map((option) => (
        <label key={option} className="flex min-h-10 items-center gap-3">
          <input
            type="radio"
            name={props.name}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
            className="size-5 accent-primary"
          />
          {t(`events.form.scope.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
