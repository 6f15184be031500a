import clsx from 'clsx';
import {
  createContext,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
} from 'react';

/*
 * WAI-ARIA tabs (automatic activation, arrow keys, Home/End). Written here instead of using
 * @radix-ui/react-tabs: Radix's version brings ~8 KB gzipped of roving-focus and collection code into
 * the sign-in page, which has to stay within its 150 KB start-up budget.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  id: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

/** A trigger or a panel: the tab value it belongs to. */
interface TabPartProps {
  value: string;
  className?: string;
  children: ReactNode;
}

interface TabsProps {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}

export function Tabs({ value, onValueChange, children, className }: TabsProps) {
  const base = useId();
  const id = (part: 'tab' | 'panel', tab: string) => `${base}-${part}-${tab}`;
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, id }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Arrow keys move between tabs and select the one they land on. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = NEXT[event.key];
  if (!step) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const index = tabs.indexOf(event.target as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  const target = tabs[step(index, tabs.length)];
  target?.focus();
  target?.click();
}

export function TabsList({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      className={clsx('flex flex-wrap gap-1 rounded-control bg-muted p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, children }: TabPartProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.id('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={() => tabs.select(value)}
      className={clsx(
        // Each as wide as its label, the room left shared: where the labels do not fit in one row (German
        // on a phone), the last moves to a second row rather than running into the next.
        'min-h-11 flex-[1_0_auto] rounded-[calc(var(--radius-control)-0.25rem)] px-0.5 text-caption font-semibold whitespace-nowrap text-muted-foreground transition-colors sm:px-2 sm:text-label',
        'hover:text-foreground data-[state=active]:bg-surface data-[state=active]:text-primary-strong data-[state=active]:shadow-sm',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** Only the selected panel is rendered, so each tab's form starts fresh when shown. */
export function TabsContent({ value, className, children }: TabPartProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.id('panel', value)}
      aria-labelledby={tabs.id('tab', value)}
      tabIndex={0}
      className={clsx('mt-6', className)}
    >
      {children}
    </div>
  );
}
