import { useId } from 'react';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import { type Point, PointPicker } from '../../components/map/point-picker';
import { PhotosField } from '../../components/pickers/photos-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { TextareaField } from '../../components/ui/textarea-field';
import { useT } from '../../lib/intl';
import { localInput } from './local-input';

/** Where and when a dog was seen, what to know, a photo: what a lost dog's report and a sighting both ask. */
export interface Seen {
  point: Point | null;
  /** As the datetime-local input holds it. */
  seenAt: string;
  note: string;
  photos: Photo[];
}

export const seenNow = (point: Point | null): Seen => ({
  point,
  seenAt: localInput(new Date()),
  note: '',
  photos: [],
});

/** A `Seen` as the procedures take it, for their schema to check. */
export const seenInput = (seen: Seen) => ({
  lat: seen.point?.lat,
  lon: seen.point?.lon,
  seenAt: seen.seenAt ? new Date(seen.seenAt) : undefined,
  note: seen.note,
  photo: seen.photos[0]?.key,
});

/**
 * The fields of a `Seen`, worded by `copy` (`lost.form` or `lost.sighting`: point, pointHint, pointMap,
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
  copy: 'lost.form' | 'lost.sighting';
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
      <TextField
        label={t(`${copy}.seenAt`)}
        name="seenAt"
        type="datetime-local"
        value={value.seenAt}
        max={localInput(new Date())}
        onChange={(event) => set({ seenAt: event.target.value })}
      />
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
