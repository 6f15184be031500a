import { useId, useState } from 'react';
import { SI_MUNICIPALITIES } from '#shared/data/municipalities';
import { displayName } from '#shared/data/named';
import { LIMITS } from '#shared/limits';
import type { LostAlertView } from '#shared/schemas/lost';
import type { Photo } from '#shared/schemas/uploads';
import { centreOf, type Point, PointPicker } from '../../components/map/point-picker';
import { PhotosField } from '../../components/pickers/photos-field';
import { SelectField } from '../../components/pickers/select-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { TextareaField } from '../../components/ui/textarea-field';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { uuidV4 } from '../../lib/uuid';

/** "2026-11-27T17:30" of a moment on this device's clock, as a datetime-local input holds it. */
const localInput = (at: Date) => {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

export interface OwnDog {
  id: string;
  name: string;
  location: string;
}

/**
 * "My dog is lost": which dog, where and when it was last seen (the map's pin, from the dog's town), and what
 * searchers should know. One id per opening, so a retry after a lost answer raises one alert.
 */
export function LostReportDialog({
  open,
  dogs,
  onClose,
  onReported,
}: {
  open: boolean;
  dogs: OwnDog[];
  onClose: () => void;
  onReported: (alert: LostAlertView) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('lost.report')}</DialogTitle>
        <DialogDescription>
          {t('lost.form.description', { km: LIMITS.lostAlert.radiusKm[0] })}
        </DialogDescription>
        {open && <LostReportForm dogs={dogs} onCancel={onClose} onReported={onReported} />}
      </DialogContent>
    </Dialog>
  );
}

function LostReportForm({
  dogs,
  onCancel,
  onReported,
}: {
  dogs: OwnDog[];
  onCancel: () => void;
  onReported: (alert: LostAlertView) => void;
}) {
  const t = useT();
  const formId = useId();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const [id] = useState(uuidV4);
  const first = dogs[0];
  const [dogId, setDogId] = useState(first?.id ?? '');
  const [town, setTown] = useState(first && centreOf(first.location) ? first.location : 'Ljubljana');
  const [point, setPoint] = useState<Point | null>(centreOf(town));
  const [seenAt, setSeenAt] = useState(() => localInput(new Date()));
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const report = trpc.lost.report.useMutation({
    onSuccess: onReported,
    onError: (error) => setProblem(errorText(error)),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { lostReportInput } = await import('#shared/schemas/lost');
    const parsed = lostReportInput.safeParse({
      id,
      dogId,
      lat: point?.lat,
      lon: point?.lon,
      seenAt: seenAt ? new Date(seenAt) : undefined,
      note,
      photo: photos[0]?.key,
    });
    if (!parsed.success) return setProblem(t(parsed.error.issues[0]!.message));
    setProblem(null);
    report.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
      {dogs.length > 1 && (
        <SelectField
          label={t('lost.form.dog')}
          name="dog"
          value={dogId}
          onChange={(value) => {
            setDogId(value);
            const dog = dogs.find((d) => d.id === value);
            if (dog && centreOf(dog.location)) {
              setTown(dog.location);
              setPoint(centreOf(dog.location));
            }
          }}
          options={dogs.map((dog) => ({ value: dog.id, label: dog.name }))}
        />
      )}
      <SelectField
        label={t('lost.form.town')}
        name="town"
        value={town}
        onChange={(value) => {
          setTown(value);
          setPoint(centreOf(value));
        }}
        options={SI_MUNICIPALITIES.map((place) => ({ value: place.name, label: displayName(place, locale) }))}
      />
      <div className="flex flex-col gap-1.5">
        <p className="text-body font-semibold">{t('lost.form.point')}</p>
        <p id={`${formId}-hint`} className="text-caption text-muted-foreground">
          {t('lost.form.pointHint')}
        </p>
        <PointPicker
          town={centreOf(town)}
          value={point}
          onChange={setPoint}
          label={t('lost.form.pointMap')}
          describedBy={`${formId}-hint`}
        />
      </div>
      <TextField
        label={t('lost.form.seenAt')}
        name="seenAt"
        type="datetime-local"
        value={seenAt}
        max={localInput(new Date())}
        onChange={(event) => setSeenAt(event.target.value)}
      />
      <TextareaField
        label={t('lost.form.note')}
        name="note"
        rows={3}
        maxLength={LIMITS.lostAlert.noteMax}
        placeholder={t('lost.form.noteHint')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <p className="text-body font-semibold">{t('lost.form.photo')}</p>
        <p className="text-caption text-muted-foreground">{t('lost.form.photoHint')}</p>
        <PhotosField
          kind="lost"
          max={1}
          value={photos}
          onChange={setPhotos}
          onBusyChange={setUploading}
          disabled={report.isPending}
        />
      </div>
      {problem && <Alert>{problem}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('lost.form.cancel')}
        </Button>
        <Button type="submit" disabled={report.isPending || uploading}>
          {t('lost.form.submit')}
        </Button>
      </div>
    </form>
  );
}
