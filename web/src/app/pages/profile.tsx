import { lazy, useEffect } from 'react';
import { AfterHydration } from '../../lib/hydration';
import { ProfilePage } from '../../features/profile/profile-page';
import { RequestsPanelFrame } from '../../features/requests/requests-panel-frame';

// The notifications panel (requests and announcements) is its own chunk, asked for as the page opens.
const loadPanel = () => import('../layout/notifications-panel');
const NotificationsPanel = lazy(() => loadPanel().then((module) => ({ default: module.NotificationsPanel })));

export default function Profile() {
  useEffect(() => void loadPanel(), []);
  return (
    <ProfilePage
      requests={
        <AfterHydration fallback={<RequestsPanelFrame />}>
          <NotificationsPanel />
        </AfterHydration>
      }
    />
  );
}
