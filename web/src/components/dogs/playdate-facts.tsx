import clsx from 'clsx';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { Dog } from './types';

type PlaydateDog = Pick<
  Dog,
  'size' | 'weight' | 'energy' | 'playStyle' | 'vaccinated' | 'neutered' | 'goodWithSmallDogs'
>;

/**
 * What a dog's owner said of the things owners ask before a playdate (issue 20), each as a short text in
 * the page's language; fields not said are left out.
 */
export function playdateFacts(intl: IntlShape, dog: PlaydateDog): Array<{ key: string; text: string }> {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const yesNo = (field: 'vaccinated' | 'neutered' | 'goodWithSmallDogs') =>
    dog[field] === null ? [] : [{ key: field, text: t(`dog.${field}.${dog[field] ? 'yes' : 'no'}`) }];
  return [
    ...(dog.size ? [{ key: 'size', text: t(`dog.size.${dog.size}`) }] : []),
    ...(dog.weight !== null
      ? [{ key: 'weight', text: t('dog.weightValue', { kg: intl.formatNumber(dog.weight) }) }]
      : []),
    ...(dog.energy ? [{ key: 'energy', text: t(`dog.energy.${dog.energy}`) }] : []),
    ...(dog.playStyle ? [{ key: 'playStyle', text: t(`dog.playStyle.${dog.playStyle}`) }] : []),
    ...yesNo('vaccinated'),
    ...yesNo('neutered'),
    ...yesNo('goodWithSmallDogs'),
  ];
}

/** The facts as small outlined chips (cards show `max` of them). */
export function PlaydateBadges({
  dog,
  max = Infinity,
  className,
}: {
  dog: PlaydateDog;
  max?: number;
  className?: string | undefined;
}) {
  const intl = useIntl();
  const facts = playdateFacts(intl, dog).slice(0, max);
  if (facts.length === 0) return null;
  return (
    <ul
      className={clsx('flex flex-wrap gap-1.5', className)}
      aria-label={intl.formatMessage({ id: 'dog.playdate' })}
    >
      {facts.map((fact) => (
        <li
          key={fact.key}
          className="rounded-pill border border-border px-2.5 py-0.5 text-caption font-semibold text-foreground"
        >
          {fact.text}
        </li>
      ))}
    </ul>
  );
}
