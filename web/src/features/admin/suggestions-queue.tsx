import { useIntl } from 'react-intl';
import { SUGGESTED_FIELDS, type SuggestedField } from '#shared/domain/spots';
import type { SpotSuggestionView, SuggestedValues } from '#shared/schemas/spots';
import { cityName, countryName } from '../../components/dogs/names';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Each field's label, as the place's form names it. */
const LABELS: Record<SuggestedField, string> = {
  kind: 'spots.form.kind',
  name: 'spots.form.name',
  country: 'spots.country',
  location: 'spots.form.town',
  lat: 'admin.suggestions.lat',
  lon: 'admin.suggestions.lon',
  description: 'admin.item.description',
  amenities: 'spots.amenities',
  leashRule: 'spots.details.leash',
  hours: 'spots.details.hours',
  emergency: 'spots.details.emergency',
};

/**
 * Suggested changes to places (issue 33 §2), oldest first: each changed field as the place has it now beside
 * the suggestion, the owner's reason, and the decision (apply it to the place, or turn it down).
 */
export function SuggestionsQueue() {
  const t = useT();
  const suggestions = trpc.admin.suggestions.useQuery();
  if (suggestions.isPending) return <PageSpinner />;
  if (!suggestions.data?.length)
    return <p className="text-muted-foreground">{t('admin.suggestions.empty')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {suggestions.data.map((suggestion) => (
        <SuggestionCard key={suggestion.id} suggestion={suggestion} />
      ))}
    </ul>
  );
}

function SuggestionCard({ suggestion }: { suggestion: SpotSuggestionView }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const show = useShownValue();
  const decide = trpc.admin.decideSuggestion.useMutation({
    onSuccess: (_, { apply }) => {
      toast.success(t(apply ? 'admin.suggestions.applied' : 'admin.suggestions.rejected'));
      void utils.admin.suggestions.invalidate();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const headingId = `suggestion-${suggestion.id}`;
  const fields = SUGGESTED_FIELDS.filter((field) => field in suggestion.changes);
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <h3 id={headingId} className="font-bold break-words">
        {suggestion.spotName}
      </h3>
      <p className="text-caption text-muted-foreground">
        {t('admin.suggestions.by', {
          name: suggestion.by?.name || t('requests.unknownUser'),
          date: intl.formatDate(suggestion.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      </p>
      {suggestion.note && (
        <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-line">
          {suggestion.note}
        </blockquote>
      )}
      {/* Each field's name over its two values: two columns fit a 320 px phone's card, three did not. */}
      <table className="w-full table-fixed text-label wrap-break-word">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t('admin.suggestions.now')}
            </th>
            <th scope="col" className="py-1 font-semibold">
              {t('admin.suggestions.suggested')}
            </th>
          </tr>
        </thead>
        {fields.map((field) => (
          <tbody key={field} className="border-t border-border">
            <tr>
              <th scope="rowgroup" colSpan={2} className="pt-1.5 text-left font-semibold">
                {t(LABELS[field])}
              </th>
            </tr>
            <tr className="align-top">
              <td className="pr-3 pb-1.5 whitespace-pre-line text-muted-foreground">
                {show(suggestion.now, field)}
              </td>
              <td className="pb-1.5 whitespace-pre-line">
                {show({ ...suggestion.now, ...suggestion.changes }, field)}
              </td>
            </tr>
          </tbody>
        ))}
      </table>
      <div className="flex flex-wrap gap-2">
        <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: suggestion.id, apply: true })}>
          {t('admin.suggestions.apply')}
        </Button>
        <Button
          variant="outline"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: suggestion.id, apply: false })}
        >
          {t('admin.suggestions.reject')}
        </Button>
      </div>
    </li>
  );
}

/** A field's value as a moderator reads it, in the UI language; "—" for none. */
function useShownValue() {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  // Monday to Sunday (1 January 2024 was a Monday), named in the UI language.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const none = '—';
  return (values: SuggestedValues, field: SuggestedField): string => {
    switch (field) {
      case 'kind':
        return t(`spots.kind.${values.kind}`);
      case 'country':
        return countryName(values.country, locale);
      case 'location':
        return cityName(values.location, values.country, locale);
      case 'lat':
      case 'lon':
        return intl.formatNumber(values[field], { maximumFractionDigits: 5 });
      case 'amenities':
        return values.amenities.map((amenity) => t(`spots.amenity.${amenity}`)).join(', ') || none;
      case 'leashRule':
        return values.leashRule ? t(`spots.leash.${values.leashRule}`) : none;
      case 'hours':
        return values.hours
          ? values.hours
              .map(
                (ranges, day) =>
                  `${weekday.format(Date.UTC(2024, 0, 1 + day))} ${
                    ranges.map((r) => `${r.from}–${r.to}`).join(', ') || t('spots.details.closed')
                  }`,
              )
              .join('\n')
          : none;
      case 'emergency':
        return t(values.emergency ? 'admin.suggestions.yes' : 'admin.suggestions.no');
      default:
        return values[field] || none;
    }
  };
}
