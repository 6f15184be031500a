import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_COUNTRY } from '#shared/data/countries';
import { addDays, isAhead, lastEventDate, todayInLjubljana } from '#shared/domain/event-time';
import { REPEAT_WEEKS, type RepeatWeeks, type SeriesScope } from '#shared/domain/events';
import { LIMITS } from '#shared/limits';
import type { EventType } from '#shared/schemas/events';
import type { Photo } from '#shared/schemas/uploads';
import { DateField } from '../../components/pickers/date-field';
import { PhotoUpload } from '../../components/pickers/photo-upload';
import { PlaceFields } from '../../components/pickers/place-fields';
import { SelectField } from '../../components/pickers/select-field';
import { TimeField } from '../../components/pickers/time-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { TextareaField } from '../../components/ui/textarea-field';
import { appErrorOf, useErrorText } from '../../lib/errors';
import { placeIssue } from '../../lib/place-issue';
import { useSchemaForm } from '../../lib/use-schema-form';
import { toast } from '../../lib/toast';
import { SeriesScopeField } from './series-scope-field';
import { EVENT_TYPE_LIST, EventImage } from './event-look';
import { durationLabel } from './format';
import { loadEventSchema } from './schemas';
import type { EventView } from './types';
import { useCreateEvent, useUpdateEvent } from './api';
import { useT } from '../../lib/intl';

interface Values {
  title: string;
  description: string;
  /** YYYY-MM-DD, a day in Ljubljana. */
  eventDate: string;
  /** HH:MM, 24 h. */
  eventTime: string;
  /** Minutes, one of the select's choices. */
  durationMinutes: string;
  locationName: string;
  country: string;
  /** The city (named `location` so the shared place pickers and rules apply). */
  location: string;
  /** As typed; the schema checks the number. */
  maxAttendees: string;
  eventType: EventType;
  image: Photo | null;
  requiresApproval: boolean;
  /** '' for a one-off event, else the weeks between occurrences (a new event only). */
  repeatWeeks: '' | `${RepeatWeeks}`;
  /** YYYY-MM-DD: the series' last date. */
  repeatUntil: string;
}

type Field = Exclude<keyof Values, 'image'> | 'imageKey';

/** Fields in the order they appear, for moving the focus to the first invalid one. */
const ORDER: readonly Field[] = [
  'title',
  'eventType',
  'maxAttendees',
  'eventDate',
  'eventTime',
  'durationMinutes',
  'locationName',
  'country',
  'location',
  'repeatWeeks',
  'repeatUntil',
  'description',
  'imageKey',
  'requiresApproval',
];

/** The numbers each field's messages need (the server's errors carry only locale keys). */
const BOUNDS: Partial<Record<Field, Record<string, number>>> = {
  title: { max: LIMITS.event.titleMax },
  description: { max: LIMITS.event.descriptionMax },
  locationName: { max: LIMITS.event.locationNameMax },
  maxAttendees: { min: LIMITS.eventAttendees.min, max: LIMITS.eventAttendees.max },
  eventDate: { days: LIMITS.event.maxDaysAhead },
  durationMinutes: { min: LIMITS.eventDuration.minMinutes, max: LIMITS.eventDuration.maxMinutes },
  repeatUntil: { days: LIMITS.event.seriesMaxDays },
};

function initialValues(event: EventView | null): Values {
  return event
    ? {
        title: event.title,
        description: event.description ?? '',
        eventDate: event.eventDate,
        eventTime: event.eventTime,
        durationMinutes: String(event.durationMinutes),
        locationName: event.locationName,
        country: event.country,
        location: event.city,
        maxAttendees: String(event.maxAttendees),
        eventType: event.eventType,
        image: event.image,
        requiresApproval: event.requiresApproval,
        repeatWeeks: '',
        repeatUntil: '',
      }
    : {
        title: '',
        description: '',
        eventDate: '',
        eventTime: '',
        durationMinutes: String(LIMITS.eventDuration.defaultMinutes),
        locationName: '',
        country: DEFAULT_COUNTRY,
        location: '',
        maxAttendees: String(LIMITS.eventAttendees.default),
        eventType: 'meetup',
        image: null,
        requiresApproval: false,
        repeatWeeks: '',
        repeatUntil: '',
      };
}

interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event to edit; null creates a new one. */
  event: EventView | null;
}

/** Create or edit an event: one form for both (SPEC Events). */
export function EventFormDialog({ open, onOpenChange, event }: EventFormDialogProps) {
  const intl = useIntl();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-2xl!">
        <DialogTitle>
          {intl.formatMessage({ id: event ? 'events.form.editTitle' : 'events.form.createTitle' })}
        </DialogTitle>
        <DialogDescription className="break-words">
          {intl.formatMessage(
            { id: event ? 'events.form.editText' : 'events.form.createText' },
            { title: event?.title, max: LIMITS.upcomingEventsPerUser },
          )}
        </DialogDescription>
        {/* Mounted only while open, so every opening starts from the event's saved values. */}
        <EventForm key={event?.id ?? 'new'} event={event} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EventForm({ event, onDone }: { event: EventView | null; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema: loadEventSchema,
    initial: () => initialValues(event),
    order: ORDER,
    bounds: BOUNDS,
    toInput: ({ image, maxAttendees, durationMinutes, repeatWeeks, repeatUntil, ...rest }) => ({
      ...rest,
      durationMinutes: Number(durationMinutes),
      // Empty is not "the default": the field shows its range instead.
      maxAttendees: maxAttendees.trim() === '' ? Number.NaN : Number(maxAttendees),
      imageKey: image?.key ?? null,
      repeatWeeks: repeatWeeks ? Number(repeatWeeks) : null,
      repeatUntil: repeatWeeks ? repeatUntil || null : null,
    }),
    // The checks of several fields run only once each field is valid: said now too, all at once.
    moreIssues: (current, found) => {
      found.location ??= placeIssue(current.country, current.location, true);
      if (!found.eventDate && !found.eventTime && !isAhead(current.eventDate, current.eventTime))
        found.eventTime = { key: 'validation.eventInPast', values: {} };
    },
    issueOf: (key): Field => (key === 'image' ? 'imageKey' : key),
  });
  const [uploading, setUploading] = useState(false);

  const refused = (error: unknown, title: string) => {
    form.refused(error, (fields) => {
      const app = appErrorOf(error);
      // Fewer places than people already joined: said on the field, with the number.
      if (app?.appCode === 'EVENT_MAX_BELOW_ATTENDEES')
        fields.maxAttendees = { key: 'errors.EVENT_MAX_BELOW_ATTENDEES', values: numbers(app.meta) };
    });
    toast.error(t(title), { description: errorText(error) });
  };
  const create = useCreateEvent({
    onSuccess: () => {
      toast.success(t('events.toast.created'));
      onDone();
    },
    onError: (error) => refused(error, 'events.toast.createError'),
  });
  const update = useUpdateEvent({
    onSuccess: () => {
      toast.success(t('events.toast.updated'));
      onDone();
    },
    onError: (error) => refused(error, 'events.toast.updateError'),
  });
  const saving = create.isPending || update.isPending;
  // Editing an occurrence of a series: this one only, or every upcoming one.
  const [scope, setScope] = useState<SeriesScope>('one');
  // SPEC §5: country and city are required, and saving waits for them.
  const placeMissing = !values.country || !values.location.trim();

  const text = (field: 'title' | 'locationName' | 'eventDate' | 'eventTime' | 'maxAttendees') => ({
    name: field,
    value: values[field],
    error: message(field),
    onChange: (change: { target: { value: string } }) => set(field, change.target.value),
  });

  const submit = form.submitWith((input) => {
    // The schema's output names the series `repeat`; the procedures take the form's fields.
    const { repeat, ...fields } = input;
    if (event) update.mutate({ ...fields, id: event.id, scope });
    else
      create.mutate({
        ...fields,
        repeatWeeks: repeat?.everyWeeks ?? null,
        repeatUntil: repeat?.until ?? null,
      });
  }, saving || uploading);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <TextField
        label={t('events.form.title')}
        placeholder={t('events.form.titlePlaceholder')}
        maxLength={LIMITS.event.titleMax}
        autoComplete="off"
        {...text('title')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('events.form.type')}
          name="eventType"
          value={values.eventType}
          onChange={(type) => type && set('eventType', type)}
          options={EVENT_TYPE_LIST.map((type) => ({ value: type, label: t(`events.type.${type}`) }))}
          error={message('eventType')}
        />
        <TextField
          label={t('events.form.maxAttendees')}
          type="number"
          inputMode="numeric"
          min={LIMITS.eventAttendees.min}
          max={LIMITS.eventAttendees.max}
          step={1}
          hint={t('events.form.maxAttendeesHint', LIMITS.eventAttendees)}
          {...text('maxAttendees')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-5">
        <DateField
          label={t('events.form.date')}
          name="eventDate"
          value={values.eventDate}
          onChange={(value) => set('eventDate', value)}
          min={todayInLjubljana()}
          max={lastEventDate()}
          error={message('eventDate')}
        />
        <TimeField
          label={t('events.form.time')}
          {...text('eventTime')}
          onChange={(value) => set('eventTime', value)}
        />
        {/* Its own row on phones: "1 ura in 30 minut" needs more than half of one. */}
        <div className="col-span-2 sm:col-span-1">
          <DurationField
            value={values.durationMinutes}
            onChange={(minutes) => set('durationMinutes', minutes)}
            error={message('durationMinutes')}
          />
        </div>
      </div>
      {!event && (
        <RepeatFields
          weeks={values.repeatWeeks}
          until={values.repeatUntil}
          firstDate={values.eventDate}
          onWeeks={(weeks) => set('repeatWeeks', weeks)}
          onUntil={(until) => set('repeatUntil', until)}
          weeksError={message('repeatWeeks')}
          untilError={message('repeatUntil')}
        />
      )}
      <TextField
        label={t('events.form.locationName')}
        placeholder={t('events.form.locationNamePlaceholder')}
        maxLength={LIMITS.event.locationNameMax}
        autoComplete="off"
        {...text('locationName')}
      />
      <PlaceFields
        country={values.country}
        location={values.location}
        onChange={({ country, location }) => {
          set('country', country);
          set('location', location);
        }}
        countryName="country"
        countryLabel={t('events.form.country')}
        locationLabel={t('events.form.city')}
        countryError={message('country')}
        locationError={message('location')}
      />
      <TextareaField
        label={t('events.form.description')}
        name="description"
        rows={4}
        maxLength={LIMITS.event.descriptionMax}
        value={values.description}
        onChange={(change) => set('description', change.target.value)}
        placeholder={t('events.form.descriptionPlaceholder')}
        error={message('description')}
      />
      <div className="flex flex-col gap-3">
        {values.image && (
          <div className="relative">
            <EventImage
              image={values.image}
              type={values.eventType}
              sizes="(min-width: 768px) 608px, calc(100vw - 2.5rem)"
              largest="medium"
              alt={t('events.form.imageAlt')}
              className="aspect-video w-full rounded-control"
            />
            <button
              type="button"
              disabled={saving}
              onClick={() => set('image', null)}
              className="absolute top-2 right-2 inline-flex min-h-9 items-center gap-1.5 rounded-pill bg-surface/95 px-3 text-caption font-semibold text-danger shadow-sm hover:bg-surface disabled:opacity-60"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('events.form.removeImage')}
            </button>
          </div>
        )}
        <PhotoUpload
          kind="event"
          label={t(values.image ? 'events.form.replaceImage' : 'events.form.image')}
          error={message('imageKey')}
          disabled={saving}
          onBusyChange={setUploading}
          onUploaded={({ key, urls }) => set('image', { key, ...urls })}
        />
      </div>
      <label className="flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          name="requiresApproval"
          checked={values.requiresApproval}
          onChange={(change) => set('requiresApproval', change.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span className="flex flex-col">
          <span className="font-semibold">{t('events.form.requiresApproval')}</span>
          <span className="text-caption text-muted-foreground">{t('events.form.requiresApprovalHint')}</span>
        </span>
      </label>
      {event?.seriesId && (
        <SeriesScopeField
          name="scope"
          value={scope}
          onChange={setScope}
          className="rounded-control border border-border p-3"
        />
      )}
      <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col gap-2 border-t border-border bg-surface px-5 py-4 md:-bottom-8 md:-mx-8 md:-mb-8 md:px-8">
        {placeMissing && (
          <p id="event-form-place-needed" className="text-caption text-muted-foreground sm:text-right">
            {t('events.form.placeNeeded')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            {t('events.form.cancel')}
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={uploading}
            aria-describedby={placeMissing ? 'event-form-place-needed' : undefined}
          >
            {t(event ? 'events.form.save' : 'events.form.create')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The lengths offered, in minutes: half an hour to a whole day. */
const DURATION_CHOICES = [30, 60, 90, 120, 180, 240, LIMITS.eventDuration.maxMinutes];

/** How long the event lasts: a few common lengths (and the event's own, when it was saved with another). */
function DurationField(props: {
  value: string;
  onChange: (minutes: string) => void;
  error: string | undefined;
}) {
  const t = useT();
  const intl = useIntl();
  const current = Number(props.value);
  const choices = DURATION_CHOICES.includes(current)
    ? DURATION_CHOICES
    : [...DURATION_CHOICES, current].sort((a, b) => a - b);
  return (
    <SelectField
      label={t('events.form.duration')}
      name="durationMinutes"
      value={props.value}
      onChange={(minutes) => minutes && props.onChange(minutes)}
      options={choices.map((minutes) => ({
        value: String(minutes),
        label:
          minutes === LIMITS.eventDuration.maxMinutes
            ? t('events.form.duration.day', { length: durationLabel(intl, minutes) })
            : durationLabel(intl, minutes),
      }))}
      error={props.error}
    />
  );
}

/** A new event may repeat every week or two, up to a last date (LIMITS.event.seriesMaxDays at most). */
function RepeatFields(props: {
  weeks: Values['repeatWeeks'];
  until: string;
  firstDate: string;
  onWeeks: (weeks: Values['repeatWeeks']) => void;
  onUntil: (until: string) => void;
  weeksError: string | undefined;
  untilError: string | undefined;
}) {
  const t = useT();
  const first = props.firstDate || todayInLjubljana();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-5">
      <SelectField
        label={t('events.form.repeat')}
        name="repeatWeeks"
        value={props.weeks}
        onChange={props.onWeeks}
        emptyLabel={t('events.form.repeat.none')}
        options={REPEAT_WEEKS.map((weeks) => ({
          value: String(weeks) as Exclude<Values['repeatWeeks'], ''>,
          label: t(`events.form.repeat.${weeks}`),
        }))}
        error={props.weeksError}
      />
      {props.weeks && (
        <DateField
          label={t('events.form.repeatUntil')}
          name="repeatUntil"
          value={props.until}
          onChange={props.onUntil}
          min={addDays(first, 1)}
          max={addDays(first, LIMITS.event.seriesMaxDays)}
          error={props.untilError}
        />
      )}
    </div>
  );
}

/** Only the numbers of an error's details (what the messages take). */
function numbers(meta: Record<string, string | number> | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(meta ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}
