import { SearchX } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MessagePanel } from '../../components/message-panel';
import { buttonClasses } from '../../components/ui/button';

export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <MessagePanel
      icon={SearchX}
      title={intl.formatMessage({ id: 'notFound.title' })}
      actions={
        <Link to="/" className={buttonClasses()}>
          {intl.formatMessage({ id: 'notFound.home' })}
        </Link>
      }
    >
      <p>{intl.formatMessage({ id: 'notFound.text' })}</p>
    </MessagePanel>
  );
}
