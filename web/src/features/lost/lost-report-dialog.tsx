import { useState } from 'react';
import { SI_MUNICIPALITIES } from '#shared/data/municipalities';
import { namedOptions } from '#shared/data/named';
import type { LostAlertKind } from '#shared/domain/lost';
import { LIMITS } from '#shared/limits';
import type { LostAlertView } from '#shared/schemas/lost';
import { centreOf } from '../../components/map/town-centre';
import { SelectField } from '../../components/pickers/select-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
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
 * "My dog is lost" (`lost`): which dog, where and when it was last seen (the map's pin, from the dog's town),
 * and what searchers should know. "Found a dog?" (`found`, issue 33 §5): a dog whose owner the finder does
 * not know; where and when it was found, what it looks like, a photo (its owner must know it), where it is
 * now; the map starts at the finder's dog's town, if any. One id per opening, so a retry after a lost answer
 * posts once.
 */
export function LostReportDialog({
  kind,
  dogs,
  onClose,
  onReported,
}: {
  kind: LostAlertKind | null;
  dogs: OwnDog[];
  onClose: () => void;
  onReported: (alert: LostAlertView) => void;
}) {
  const t = useT();
  const km = LIMITS.lostAlert.radiusKm[0];
  return (
    <Dialog open={kind !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t(kind === 'found' ? 'lost.foundForm.title' : 'lost.report')}</DialogTitle>
        <DialogDescription>
          {t(kind === 'found' ? 'lost.foundForm.description' : 'lost.form.description', { km })}
        </DialogDescription>
        {kind && <ReportForm kind={kind} dogs={dogs} onCancel={onClose} onReported={onReported} />}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  kind,
  dogs,
  onCancel,
  onReported,
}: {
  kind: LostAlertKind;
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
  const [looks, setLooks] = useState('');
  const [town, setTown] = useState(first && centreOf(first.location) ? first.location : 'Ljubljana');
  const [seen, setSeen] = useState(() => seenNow(centreOf(town)));
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const handlers = { onSuccess: onReported, onError: (error: unknown) => setProblem(errorText(error)) };
  const report = trpc.lost.report.useMutation(handlers);
  const reportFound = trpc.lost.reportFound.useMutation(handlers);
  const busy = report.isPending || reportFound.isPending;
  /** A town chosen (or a dog's): the map, and the pin with it, go there. */
  const moveTo = (name: string) => {
    setTown(name);
    setSeen((current) => ({ ...current, point: centreOf(name) }));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { foundReportInput, lostReportInput } = await import('#shared/schemas/lost');
    const parsed =
      kind === 'found'
        ? foundReportInput.safeParse({ id, looks, ...seenInput(seen) })
        : lostReportInput.safeParse({ id, dogId, ...seenInput(seen) });
    if (!parsed.success) return setProblem(t(parsed.error.issues[0]!.message));
    setProblem(null);
    if ('looks' in parsed.data) reportFound.mutate(parsed.data);
    else report.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
      {kind === 'lost' && dogs.length > 1 && (
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
      {kind === 'found' && (
        <TextField
          label={t('lost.foundForm.looks')}
          name="looks"
          required
          maxLength={LIMITS.lostAlert.looksMax}
          placeholder={t('lost.foundForm.looksHint')}
          value={looks}
          onChange={(event) => setLooks(event.target.value)}
        />
      )}
      <SelectField
        label={t('lost.form.town')}
        name="town"
        value={town}
        onChange={moveTo}
        options={namedOptions(SI_MUNICIPALITIES, locale)}
      />
      <SeenFields
        copy={kind === 'found' ? 'lost.foundForm' : 'lost.form'}
        centre={centreOf(town)}
        value={seen}
        onChange={setSeen}
        onUploading={setUploading}
        disabled={busy}
        photoHint
      />
      <SeenFormEnd
        problem={problem}
        onCancel={onCancel}
        submit={t('lost.form.submit')}
        busy={busy || uploading}
      />
    </form>
  );
}
