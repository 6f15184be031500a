import { useState } from 'react';
import { SI_MUNICIPALITIES } from '#shared/data/municipalities';
import { displayName } from '#shared/data/named';
import { LIMITS } from '#shared/limits';
import type { LostAlertView } from '#shared/schemas/lost';
import { centreOf } from '../../components/map/town-centre';
import { SelectField } from '../../components/pickers/select-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { uuidV4 } from '../../lib/uuid';
import { SeenFields, SeenFormEnd, seenInput, seenNow } from './seen-fields';

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
  const [locale] = useLocale();
  const errorText = useErrorText();
  const [id] = useState(uuidV4);
  const first = dogs[0];
  const [dogId, setDogId] = useState(first?.id ?? '');
  const [town, setTown] = useState(first && centreOf(first.location) ? first.location : 'Ljubljana');
  const [seen, setSeen] = useState(() => seenNow(centreOf(town)));
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const report = trpc.lost.report.useMutation({
    onSuccess: onReported,
    onError: (error) => setProblem(errorText(error)),
  });
  /** A town chosen (or a dog's): the map, and the pin with it, go there. */
  const moveTo = (name: string) => {
    setTown(name);
    setSeen((current) => ({ ...current, point: centreOf(name) }));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { lostReportInput } = await import('#shared/schemas/lost');
    const parsed = lostReportInput.safeParse({
      id,
      dogId,
      ...seenInput(seen),
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
            if (dog && centreOf(dog.location)) moveTo(dog.location);
          }}
          options={dogs.map((dog) => ({ value: dog.id, label: dog.name }))}
        />
      )}
      <SelectField
        label={t('lost.form.town')}
        name="town"
        value={town}
        onChange={moveTo}
        options={SI_MUNICIPALITIES.map((place) => ({ value: place.name, label: displayName(place, locale) }))}
      />
      <SeenFields
        copy="lost.form"
        centre={centreOf(town)}
        value={seen}
        onChange={setSeen}
        onUploading={setUploading}
        disabled={report.isPending}
        photoHint
      />
      <SeenFormEnd
        problem={problem}
        onCancel={onCancel}
        submit={t('lost.form.submit')}
        busy={report.isPending || uploading}
      />
    </form>
  );
}
