import { LogIn, type LucideIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { signInAndBack } from '../lib/next-path';
import { MessagePanel } from './message-panel';
import { buttonClasses } from './ui/button';

/**
 * What a signed-out visitor sees on a page that needs an account: `<prefix>.title`, `.text`, `.signIn`, which
 * leads to /auth and back here (a lost dog's alert from its poster, a chat from a push).
 */
export function SignInRequired({ icon, messages }: { icon: LucideIcon; messages: string }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const t = (key: string) => intl.formatMessage({ id: `${messages}.${key}` });
  return (
    <MessagePanel
      icon={icon}
      title={t('title')}
      actions={
        <Link to={signInAndBack(pathname + search)} className={buttonClasses()}>
          <LogIn aria-hidden="true" className="size-5" />
          {t('signIn')}
        </Link>
      }
    >
      <p>{t('text')}</p>
    </MessagePanel>
  );
}
