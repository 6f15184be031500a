import { Scale } from 'lucide-react';
import { useState } from 'react';
import { LIMITS } from '#shared/limits';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/textarea-field';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { RequestItem } from './types';

const APPEALABLE = new Set(['remove_content', 'warn', 'suspend', 'ban']);

/** A decision about me that I have not appealed yet (DSA Art. 20: one appeal per decision). */
export const canAppeal = (type: RequestItem['type'], decision: NonNullable<RequestItem['decision']>) =>
  type === 'moderation' && APPEALABLE.has(decision.action) && !decision.appealed;

const loadSchema = async () => (await import('#shared/schemas/safety')).appealInput;

/** "Pritoži se" on a decision's notice: a dialog for the reasons, sent to the moderators. */
export function AppealButton({ decisionId }: { decisionId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="flex-1 sm:flex-none"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <Scale aria-hidden="true" className="size-5" />
        {t('moderation.appeal')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>{t('moderation.appealTitle')}</DialogTitle>
          <DialogDescription>{t('moderation.appealText')}</DialogDescription>
          {open && <AppealForm decisionId={decisionId} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function AppealForm({ decisionId, onDone }: { decisionId: string; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema,
    initial: () => ({ text: '' }),
    bounds: { text: { max: LIMITS.moderation.appealMax } },
    toInput: (current) => ({ actionId: decisionId, text: current.text }),
  });
  const appeal = trpc.safety.appeal.useMutation({
    onSuccess: () => {
      toast.success(t('moderation.appealSent'));
      void utils.requests.list.invalidate();
      onDone();
    },
    onError: (error) => {
      form.refused(error);
      toast.error(t('moderation.appealError'), { description: errorText(error) });
    },
  });
  const submit = form.submitWith((input) => appeal.mutate(input), appeal.isPending);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <TextareaField
        label={t('moderation.appealLabel')}
        name="text"
        rows={4}
        maxLength={LIMITS.moderation.appealMax}
        value={values.text}
        onChange={(event) => set('text', event.target.value)}
        error={message('text')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('report.cancel')}
        </Button>
        <Button type="submit" loading={appeal.isPending}>
          {t('moderation.appealSubmit')}
        </Button>
      </div>
    </form>
  );
}
