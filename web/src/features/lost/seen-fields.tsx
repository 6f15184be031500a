import { useId, useState } from 'react';
import { daysBefore } from '#shared/domain/days';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import { PointPicker } from '../../components/map/point-picker';
import type { Point } from '../../components/map/town-centre';
import { DateField } from '../../components/pickers/date-field';
import { PhotosField } from '../../components/pickers/photos-field';
import { TimeField } from '../../components/pickers/time-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextareaField } from '../../components/ui/textarea-field';
import { useT } from '../../lib/intl';

/** Where and when a dog was seen, what to know, a photo: what a lost dog's report and a sighting both ask. */
export interface Seen {
  point: Point | null;
  /** When, on this device's clock: the day 'YYYY-MM-DD' and the time 'HH:MM' (or either as typed). */
  day: string;
  time: string;
  note: string;
  photos: Photo[];
}

/** A moment on this device's clock, as 'YYYY-MM-DD' and 'HH:MM'. */
const onThisClock = (at: Date) => {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
};

export const seenNow = (point: Point | null): Seen => ({
  point,
  ...onThisClock(new Date()),
  note: '',
  photos: [],
});

/** A `Seen` as the procedures take it, for their schema to check. */
export const seenInput = (seen: Seen) => ({
  lat: seen.point?.lat,
  lon: seen.point?.lon,
  // A day or time not yet one is an invalid date, which the schema refuses with its message.
  seenAt: new Date(`${seen.day}T${seen.time}`),
  note: seen.note,
  photo: seen.photos[0]?.key,
});

/**
 * The fields of a `Seen`, worded by `copy` (`lost.form`, `lost.foundForm` or `lost.sighting`: point, pointHint, pointMap,
 * seenAt, note, noteHint, photo, and photoHint where `photoHint`). `centre`: where the map goes.
 */
export function SeenFields({
  copy,
  centre,
  value,
  onChange,
  onUploading,
  disabled,
  photoHint = false,
}: {
  copy: 'lost.form' | 'lost.foundForm' | 'lost.sighting';
  centre: Point | null;
  value: Seen;
  /** Updates compose (a photo's upload ends while the note is typed). */
  onChange: (update: (current: Seen) => Seen) => void;
  onUploading: (busy: boolean) => void;
  disabled: boolean;
  photoHint?: boolean;
}) {
  const t = useT();
  const hintId = useId();
  const set = (change: Partial<Seen>) => onChange((current) => ({ ...current, ...change }));
  // The days the calendar offers, as the schema allows them: the last week, up to today.
  const [days] = useState(() => ({
    min: onThisClock(daysBefore(Date.now(), LIMITS.lostAlert.seenWithinDays)).day,
    max: onThisClock(new Date()).day,
  }));
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <p className="text-body font-semibold">{t(`${copy}.point`)}</p>
        <p id={hintId} className="text-caption text-muted-foreground">
          {t(`${copy}.pointHint`)}
        </p>
        <PointPicker
          town={centre}
          value={value.point}
          onChange={(point) => set({ point })}
          label={t(`${copy}.pointMap`)}
          describedBy={hintId}
        />
      </div>
      {/* The day and the time as the page's language writes them, not the browser's (an AM/PM field). */}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-body font-semibold">{t(`${copy}.seenAt`)}</legend>
        <div className="grid grid-cols-2 gap-3 sm:gap-5">
          <DateField
            label={t('lost.seen.day')}
            name="seenDay"
            value={value.day}
            onChange={(day) => set({ day })}
            min={days.min}
            max={days.max}
          />
          <TimeField
            label={t('lost.seen.time')}
            name="seenTime"
            value={value.time}
            onChange={(time) => set({ time })}
          />
        </div>
      </fieldset>
      <TextareaField
        label={t(`${copy}.note`)}
        name="note"
        rows={3}
        maxLength={LIMITS.lostAlert.noteMax}
        placeholder={t(`${copy}.noteHint`)}
        value={value.note}
        onChange={(event) => set({ note: event.target.value })}
      />
      <div className="flex flex-col gap-1.5">
        <p className="text-body font-semibold">{t(`${copy}.photo`)}</p>
        {photoHint && <p className="text-caption text-muted-foreground">{t(`${copy}.photoHint`)}</p>}
        <PhotosField
          kind="lost"
          max={1}
          value={value.photos}
          onChange={(update) => onChange((current) => ({ ...current, photos: update(current.photos) }))}
          onBusyChange={onUploading}
          disabled={disabled}
        />
      </div>
    </>
  );
}

/** The form's problem, if any, and its two buttons. */
export function SeenFormEnd({
  problem,
  onCancel,
  submit,
  busy,
}: {
  problem: string | null;
  onCancel: () => void;
  submit: string;
  busy: boolean;
}) {
  const t = useT();
  return (
    <>
      {problem && <Alert>{problem}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('lost.form.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {submit}
        </Button>
      </div>
    </>
  );
}
