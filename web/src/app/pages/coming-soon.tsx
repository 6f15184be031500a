import { Hourglass } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MessagePanel } from '../../components/message-panel';
import { buttonClasses } from '../../components/ui/button';

/** Placeholder for the sections later issues build. */
export default function ComingSoonPage() {
  const intl = useIntl();
  return (
    <MessagePanel
      icon={Hourglass}
      tone="accent"
      title={intl.formatMessage({ id: 'comingSoon.title' })}
      actions={
        <Link to="/" className={buttonClasses()}>
          {intl.formatMessage({ id: 'common.home' })}
        </Link>
      }
    >
      <p>{intl.formatMessage({ id: 'comingSoon.text' })}</p>
    </MessagePanel>
  );
}
