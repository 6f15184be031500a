import { Copy, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { LIMITS } from '#shared/limits';
import { TOKEN_SCOPES, type TokenScope } from '#shared/domain/access-tokens';
import { CONTROL_CLASSES, FieldError } from '../../components/pickers/field-parts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';

const loadSchema = async () => (await import('#shared/schemas/access-tokens')).tokenCreateInput;

/** A new personal access token: name, scopes and lifetime; then the token itself, this once, to copy. */
export function NewTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const [token, setToken] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) setToken(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        // The token is on screen only here: a stray tap outside must not lose it.
        onInteractOutside={(event) => token && event.preventDefault()}
      >
        {token ? (
          <CreatedToken token={token} onDone={() => change(false)} />
        ) : (
          <>
            <DialogTitle>{t('tokens.createTitle')}</DialogTitle>
            <DialogDescription>{t('tokens.createText')}</DialogDescription>
            <NewTokenForm onCreated={setToken} onCancel={() => change(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewTokenForm({ onCreated, onCancel }: { onCreated: (token: string) => void; onCancel: () => void }) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const { user } = useSession();
  const scopes = TOKEN_SCOPES.filter((scope) => scope !== 'admin' || user?.role === 'admin');
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema,
    initial: () => ({ name: '', scopes: ['read'] as TokenScope[], expiresInDays: 30 as number }),
    order: ['name', 'scopes', 'expiresInDays'],
    bounds: { name: { max: LIMITS.accessToken.nameMax } },
  });
  const create = trpc.tokens.create.useMutation({
    onSuccess: (made) => onCreated(made.token),
    onError: (error) => {
      form.refused(error);
      toast.error(t('tokens.createError'), { description: errorText(error) });
    },
    onSettled: () => utils.tokens.list.invalidate(),
  });
  const submit = form.submitWith((input) => create.mutate(input), create.isPending);
  const toggle = (scope: TokenScope, on: boolean) =>
    set('scopes', (current) => (on ? [...current, scope] : current.filter((other) => other !== scope)));
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <TextField
        label={t('tokens.name')}
        hint={t('tokens.nameHint')}
        maxLength={LIMITS.accessToken.nameMax}
        autoComplete="off"
        {...form.field('name')}
      />
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={message('scopes') ? `${id}-scopes` : undefined}
      >
        <legend className="mb-1 font-semibold">{t('tokens.scopes')}</legend>
        {scopes.map((scope, index) => (
          <label key={scope} className="flex min-h-11 items-start gap-3 rounded-control px-1 py-1.5">
            <input
              type="checkbox"
              name={index === 0 ? 'scopes' : undefined}
              checked={values.scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-semibold">{t(`tokens.scope.${scope}`)}</span>
              <span className="text-caption text-muted-foreground">{t(`tokens.scopeHint.${scope}`)}</span>
            </span>
          </label>
        ))}
        {message('scopes') && <FieldError id={`${id}-scopes`}>{message('scopes')!}</FieldError>}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-expiry`}>{t('tokens.expiry')}</Label>
        <select
          id={`${id}-expiry`}
          name="expiresInDays"
          className={CONTROL_CLASSES}
          value={values.expiresInDays}
          onChange={(event) => set('expiresInDays', Number(event.target.value))}
        >
          {LIMITS.accessToken.expiryDays.map((days) => (
            <option key={days} value={days}>
              {t('tokens.expiryDays', { days })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('tokens.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('tokens.create')}
        </Button>
      </div>
    </form>
  );
}

/** The token, shown once: select it or copy it with one tap. */
function CreatedToken({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(t('tokens.copied'));
    } catch {
      // No clipboard (an old browser, no permission): the field is selected for a manual copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      toast.info(t('tokens.copyManually'));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <DialogTitle>{t('tokens.createdTitle')}</DialogTitle>
      <DialogDescription className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        {t('tokens.createdText')}
      </DialogDescription>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{t('tokens.token')}</Label>
        <div className="flex gap-2">
          <input
            id={id}
            readOnly
            value={token}
            onFocus={(event) => event.target.select()}
            className={`${CONTROL_CLASSES} font-mono text-label`}
          />
          <Button variant="outline" onClick={() => void copy()} aria-label={t('tokens.copy')}>
            <Copy aria-hidden="true" className="size-5" />
            <span className="hidden sm:inline">{t('tokens.copy')}</span>
          </Button>
        </div>
      </div>
      <Button className="self-end" onClick={onDone}>
        {t('tokens.done')}
      </Button>
    </div>
  );
}
