import { useIntl } from 'react-intl';

/** The browser tab's title for a page (React 19 moves <title> into <head>): "Page · Tačke", or the app name. */
export function PageTitle({ id }: { id?: string | undefined }) {
  const intl = useIntl();
  const app = intl.formatMessage({ id: 'common.appName' });
  return <title>{id ? `${intl.formatMessage({ id })} · ${app}` : app}</title>;
}
