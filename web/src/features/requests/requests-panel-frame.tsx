import { Loading } from '../../components/list-states';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useT } from '../../lib/intl';

/**
 * The requests panel (requests-panel.tsx) as it looks while its requests load, shown while its code loads:
 * its tabs, inert until the panel is here, over the list's spinner, so nothing moves when it arrives.
 */
export function RequestsPanelFrame() {
  const t = useT();
  return (
    <Tabs value="requests" onValueChange={() => {}}>
      <div inert>
        <TabsList>
          <TabsTrigger value="requests">{t('requests.tabs.requests')}</TabsTrigger>
          <TabsTrigger value="updates">{t('requests.tabs.updates')}</TabsTrigger>
        </TabsList>
      </div>
      {/* Where TabsContent puts the panel's list (its mt-6 wins over the panel's mt-4). */}
      <div className="mt-6">
        <Loading />
      </div>
    </Tabs>
  );
}
