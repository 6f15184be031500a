import clsx from 'clsx';
import { GraduationCap, type LucideIcon, PawPrint, Sparkles, UsersRound } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { EventType } from '#shared/schemas/events';
import type { Photo } from '#shared/schemas/uploads';
import { DogPhoto } from '../../components/dogs/dog-photo';

/**
 * Each event type's icon and colours. A record, so a type added to the schema's EVENT_TYPES fails the
 * build here until it has a look (the schema itself is not imported: that would pull zod into the page).
 */
const LOOK: Record<EventType, { Icon: LucideIcon; soft: string; strong: string }> = {
  playdate: { Icon: PawPrint, soft: 'bg-primary-soft', strong: 'text-primary-strong' },
  training: { Icon: GraduationCap, soft: 'bg-accent-soft', strong: 'text-accent-strong' },
  meetup: { Icon: UsersRound, soft: 'bg-success-soft', strong: 'text-success-strong' },
  other: { Icon: Sparkles, soft: 'bg-muted', strong: 'text-muted-foreground' },
};

/** The types in the order the chips and the form's select show them. */
export const EVENT_TYPE_LIST = Object.keys(LOOK) as EventType[];

interface TypeBadgeProps {
  type: EventType;
  /** 'overlay' sits on a photo: white with the type's coloured icon, readable on any picture. */
  variant?: 'soft' | 'overlay';
  className?: string;
}

/** Igra / Trening / Srečanje / Drugo with the type's icon. */
export function TypeBadge({ type, variant = 'soft', className }: TypeBadgeProps) {
  const intl = useIntl();
  const { Icon, soft, strong } = LOOK[type];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-caption font-semibold',
        variant === 'overlay' ? 'bg-surface/95 text-foreground shadow-sm' : [soft, strong],
        className,
      )}
    >
      <Icon aria-hidden="true" className={clsx('size-3.5', variant === 'overlay' && strong)} />
      {intl.formatMessage({ id: `events.type.${type}` })}
    </span>
  );
}

/** The type's icon alone (chips, select-like controls). */
export function TypeIcon({ type, className }: { type: EventType; className?: string }) {
  const { Icon } = LOOK[type];
  return <Icon aria-hidden="true" className={className} />;
}

interface EventImageProps {
  image: Photo | null;
  type: EventType;
  alt: string;
  /** Box size or aspect ratio and corners; the picture covers it. */
  className?: string;
  /** The box's CSS width (see DogPhoto). */
  sizes: string;
  largest?: 'medium' | 'full';
  loading?: 'lazy' | 'eager';
}

/** The event's picture, or a placeholder in the type's colours with its icon (SPEC: a placeholder if none). */
export function EventImage({ image, type, alt, className, sizes, largest, loading }: EventImageProps) {
  if (image)
    return (
      <DogPhoto
        photo={image}
        alt={alt}
        sizes={sizes}
        largest={largest}
        loading={loading}
        className={className}
      />
    );
  const { Icon, soft, strong } = LOOK[type];
  return (
    <span
      role="img"
      aria-label={alt}
      className={clsx('relative block overflow-hidden', soft, strong, className)}
    >
      {/* A few paw prints scattered behind the icon. */}
      <PawPrint aria-hidden="true" className="absolute top-[12%] left-[8%] size-8 -rotate-12 opacity-15" />
      <PawPrint aria-hidden="true" className="absolute top-[48%] left-[22%] size-5 rotate-12 opacity-15" />
      <PawPrint
        aria-hidden="true"
        className="absolute right-[10%] bottom-[14%] size-10 rotate-20 opacity-15"
      />
      <PawPrint aria-hidden="true" className="absolute top-[16%] right-[26%] size-6 -rotate-6 opacity-15" />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-pill bg-surface/80 shadow-sm md:size-20">
          <Icon aria-hidden="true" className="size-8 md:size-10" />
        </span>
      </span>
    </span>
  );
}
