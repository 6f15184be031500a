import { TriangleAlert } from 'lucide-react';
import { useIntl } from 'react-intl';
import { MessagePanel } from '../components/message-panel';
import { Button, buttonClasses } from '../components/ui/button';

/** Router errorElement: replaces the whole layout, so it offers a full reload and a plain link home. */
export function RouteError() {
  const intl = useIntl();
  return (
    <main className="flex min-h-dvh items-center px-4 py-10">
      <MessagePanel
        icon={TriangleAlert}
        tone="danger"
        title={intl.formatMessage({ id: 'routeError.title' })}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>
              {intl.formatMessage({ id: 'routeError.reload' })}
            </Button>
            <a href="/" className={buttonClasses({ variant: 'outline' })}>
              {intl.formatMessage({ id: 'common.home' })}
            </a>
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'routeError.text' })}</p>
      </MessagePanel>
    </main>
  );
}
