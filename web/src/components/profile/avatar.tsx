import clsx from 'clsx';
import type { Locale } from '#shared/i18n';
import type { Photo } from '#shared/schemas/uploads';
import { photoSources } from '../../lib/photo-sources';
import { placeName } from '../dogs/names';

/** Where a person lives, in the UI language: place and country, or '' before they have set a place. */
export function profilePlace(profile: { location: string | null; countryCode: string }, locale: Locale) {
  return profile.location ? placeName(profile.location, profile.countryCode, locale) : '';
}

/** The first letter of `text` in any script (Š, Ł, 李) with its accents; never an emoji, digit or symbol. */
const firstLetter = (text: string) => /\p{L}\p{M}*/u.exec(text)?.[0] ?? '';

/**
 * Initials of the first and last name, letters only ('Ana 🐶' is 'A', not 'A🐶'); else the first letter of
 * the e-mail's name part; else '?'.
 */
export function initialsOf(fullName: string, email = ''): string {
  const words = fullName.trim().split(/\s+/).map(firstLetter).filter(Boolean);
  const initials = (words.length > 1 ? [words[0], words.at(-1)] : words).join('');
  return (initials || firstLetter(email.split('@')[0] ?? '') || '?').toUpperCase();
}

/** Each size's box and its CSS width (`sizes`), so even a 3× screen takes the 200 px variant for sm/md. */
const SIZES = {
  xs: { box: 'size-6 text-caption', sizes: '24px', px: 24 },
  sm: { box: 'size-12 text-lead', sizes: '48px', px: 48 },
  md: { box: 'size-16 text-title', sizes: '64px', px: 64 },
  lg: { box: 'size-24 text-headline md:size-28', sizes: '(min-width: 768px) 112px, 96px', px: 112 },
} as const;

interface AvatarProps {
  fullName: string;
  email?: string | undefined;
  photo: Photo | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A person's round photo, or their initials on the primary colour. Decoration: the name is always beside it. */
export function Avatar({ fullName, email, photo, size = 'md', className }: AvatarProps) {
  const { box, sizes, px } = SIZES[size];
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-pill bg-primary font-extrabold text-primary-foreground',
        box,
        className,
      )}
    >
      {photo ? (
        <img
          {...photoSources(photo, sizes)}
          alt=""
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        initialsOf(fullName, email)
      )}
    </span>
  );
}
