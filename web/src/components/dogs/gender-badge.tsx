import clsx from 'clsx';
import { Mars, Venus } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { DogGender } from '#shared/schemas/dogs';

const LOOK: Record<DogGender, { Icon: typeof Mars; tone: string }> = {
  male: { Icon: Mars, tone: 'bg-accent-soft text-accent-strong' },
  female: { Icon: Venus, tone: 'bg-primary-soft text-primary-strong' },
};

/** Samec / Samica with its symbol. */
export function GenderBadge({ gender, className }: { gender: DogGender; className?: string }) {
  const intl = useIntl();
  const { Icon, tone } = LOOK[gender];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-caption font-semibold',
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {intl.formatMessage({ id: `dog.gender.${gender}` })}
    </span>
  );
}
