import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { MessagePanel } from '../components/message-panel';
import { Button, buttonClasses } from '../components/ui/button';

/**
 * A page that throws while rendering (or whose chunk cannot be fetched) shows RouteError in place of the
 * whole layout, until the address changes (back, forward, a tapped notification).
 */
export class RouteErrorBoundary extends Component<
  { locationKey: string; children: ReactNode },
  { error: boolean; locationKey: string }
> {
  override state = { error: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError() {
    return { error: true };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: { locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** Replaces the whole layout, so it offers a full reload and a plain link home. */
function RouteError() {
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
