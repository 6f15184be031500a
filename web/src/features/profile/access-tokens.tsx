import { Key, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { INTL_TAG } from '#shared/i18n';
import { Button } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { relativeTime, useNow } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { NewTokenDialog } from './new-token-dialog';
import type { AccessToken } from './types';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Settings → access tokens for scripts (issue 22): make one, see when each was last used, revoke it. */
export function AccessTokens() {
  const t = useT();
  const tokens = trpc.tokens.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 className="flex items-center gap-2 font-bold">
        <Key aria-hidden="true" className="size-4.5 text-muted-foreground" />
        {t('tokens.title')}
      </h3>
      <p className="text-label text-muted-foreground">
        {t('tokens.intro')}{' '}
        <Link to="/razvijalci" className="font-semibold text-primary-strong underline">
          {t('tokens.docsLink')}
        </Link>
      </p>
      {tokens.data?.length ? (
        <ul className="flex flex-col gap-2" aria-label={t('tokens.title')}>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      ) : (
        <p className="text-label text-muted-foreground">
          {tokens.isPending ? t('common.loading') : t('tokens.none')}
        </p>
      )}
      <Button variant="outline" onClick={() => setCreating(true)}>
        <Plus aria-hidden="true" className="size-5" />
        {t('tokens.new')}
      </Button>
      <NewTokenDialog open={creating} onOpenChange={setCreating} />
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const t = useT();
  const [locale] = useLocale();
  const now = useNow();
  const date = (value: Date) =>
    new Intl.DateTimeFormat(INTL_TAG[locale], { dateStyle: 'medium' }).format(value);
  const expired = token.expiresAt.getTime() <= now;
  return (
    <li className="flex flex-col gap-2 rounded-control bg-muted p-3" data-testid="access-token">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 font-semibold break-words">{token.name}</span>
        <code className="text-caption text-muted-foreground">…{token.hint}</code>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('tokens.scopes')}>
        {token.scopes.map((scope) => (
          <li key={scope} className="rounded-full bg-surface px-2.5 py-0.5 text-caption font-semibold">
            {t(`tokens.scope.${scope}`)}
          </li>
        ))}
      </ul>
      <p
        className={expired ? 'text-caption font-semibold text-danger' : 'text-caption text-muted-foreground'}
      >
        {t(expired ? 'tokens.expired' : 'tokens.expires', { date: date(token.expiresAt) })}
        {' · '}
        {token.lastUsedAt
          ? t('tokens.lastUsed', { when: relativeTime(token.lastUsedAt, now, INTL_TAG[locale]) })
          : t('tokens.neverUsed')}
      </p>
      <Button
        variant="outline"
        className="self-start"
        onClick={onRevoke}
        aria-label={t('tokens.revokeNamed', { name: token.name })}
      >
        {t('tokens.revoke')}
      </Button>
    </li>
  );
}

/** "Revoke »CI«?": scripts using it stop at once, so it is confirmed first. */
function RevokeDialog({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const revoke = trpc.tokens.revoke.useMutation({
    onSuccess: () => {
      toast.success(t('tokens.revoked'));
      onClose();
    },
    onError: (error) => toast.error(t('tokens.revokeError'), { description: errorText(error) }),
    onSettled: () => utils.tokens.list.invalidate(),
  });
  return (
    <ConfirmDialog
      open={token !== null}
      busy={revoke.isPending}
      title={token && t('tokens.revokeTitle', { name: token.name })}
      description={t('tokens.revokeText')}
      cancelLabel={t('tokens.cancel')}
      confirmLabel={t('tokens.revokeConfirm')}
      onConfirm={() => token && revoke.mutate({ id: token.id })}
      onClose={onClose}
    />
  );
}
