import { LogIn, type LucideIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MessagePanel } from './message-panel';
import { buttonClasses } from './ui/button';

/** What a signed-out visitor sees on a page that needs an account: `<prefix>.title`, `.text`, `.signIn`. */
export function SignInRequired({ icon, messages }: { icon: LucideIcon; messages: string }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `${messages}.${key}` });
  return (
    <MessagePanel
      icon={icon}
      title={t('title')}
      actions={
        <Link to="/auth" className={buttonClasses()}>
          <LogIn aria-hidden="true" className="size-5" />
          {t('signIn')}
        </Link>
      }
    >
      <p>{t('text')}</p>
    </MessagePanel>
  );
}
