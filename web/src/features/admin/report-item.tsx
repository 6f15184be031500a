import clsx from 'clsx';
import { useIntl } from 'react-intl';
import type { ReportItemField } from '#shared/domain/safety';
import { breedName, countryName, traitName } from '../../components/dogs/names';
import { useLocale, useT } from '../../lib/intl';
import { photoSources } from '../../lib/photo-sources';
import type { Report } from './types';

/**
 * The reported item as it was when reported: its fields under their names in the moderator's language,
 * its photos, and for a message the conversation around it with the reported one marked.
 */
export function ReportItem({ item }: { item: Report['item'] }) {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  const shown = (field: ReportItemField, value: string | string[]): string => {
    if (Array.isArray(value))
      return value.map((entry) => (field === 'traits' ? traitName(entry, locale) : entry)).join(', ');
    switch (field) {
      case 'breed':
        return breedName(value, locale);
      case 'country':
        return countryName(value, locale);
      case 'birthMonth':
        return intl.formatDate(`${value}-15T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
      case 'eventDate':
        return intl.formatDate(`${value}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
      case 'sentAt':
        return intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
      default:
        return value;
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-control bg-muted p-3 text-label">
      {item.fields.length > 0 && (
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
          {item.fields.map(({ field, value }) => (
            <div key={field} className="contents">
              <dt className="font-semibold">{t(`admin.item.${field}`)}</dt>
              <dd className="whitespace-pre-line break-words">{shown(field, value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {item.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('admin.item.photos')}>
          {item.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.full} target="_blank" rel="noreferrer">
                <img
                  {...photoSources(photo, '80px')}
                  alt={t('admin.item.photo', { number: index + 1 })}
                  width={80}
                  height={80}
                  className="size-20 rounded-control object-cover"
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {item.context.length > 0 && (
        <section aria-label={t('admin.item.context')}>
          <h4 className="mb-1 font-semibold">{t('admin.item.context')}</h4>
          <ol className="flex flex-col gap-1">
            {item.context.map((message, index) => (
              <li
                key={index}
                aria-current={message.reported ? 'true' : undefined}
                className={clsx(
                  'rounded-control px-2 py-1',
                  message.reported && 'border-l-4 border-danger bg-surface font-medium',
                )}
              >
                <span className="text-caption text-muted-foreground">
                  {message.sender || t('admin.item.deletedUser')} ·{' '}
                  {intl.formatDate(message.sentAt, { dateStyle: 'short', timeStyle: 'short' })}
                  {message.reported && ` · ${t('admin.item.reported')}`}
                </span>
                <p className="whitespace-pre-line break-words">{message.content}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
