import clsx from 'clsx';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { useLocale } from '../../lib/intl';
import { traitName } from './names';

const BADGE = 'inline-flex items-center rounded-pill px-2.5 py-0.5 text-caption font-medium';

interface TraitBadgesProps {
  traits: readonly string[];
  /** How many to show before '+N'; cards show LIMITS.dogTraits.onCard (the default), details all. */
  max?: number;
  className?: string;
}

/** The dog's traits as small pills, the first `max` of them and '+N' for the rest. */
export function TraitBadges({ traits, max = LIMITS.dogTraits.onCard, className }: TraitBadgesProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  if (traits.length === 0) return null;
  const shown = traits.slice(0, max);
  const more = traits.length - shown.length;
  return (
    // Spans with list roles, so the badges may sit inside a button (a card that opens the dog).
    <span role="list" className={clsx('flex flex-wrap gap-1.5', className)}>
      {shown.map((trait) => (
        <span role="listitem" key={trait} className={clsx(BADGE, 'bg-muted text-foreground')}>
          {traitName(trait, locale)}
        </span>
      ))}
      {more > 0 && (
        <span
          role="listitem"
          className={clsx(BADGE, 'border border-border text-muted-foreground')}
          title={traits
            .slice(max)
            .map((trait) => traitName(trait, locale))
            .join(', ')}
        >
          <span aria-hidden="true">+{intl.formatNumber(more)}</span>
          <span className="sr-only">{intl.formatMessage({ id: 'dog.moreTraits' }, { count: more })}</span>
        </span>
      )}
    </span>
  );
}
