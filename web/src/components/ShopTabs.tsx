// Tabs for the shopper's pages (the landing page's reviews, decision 129), in the markup and classes of Radix Themes'
// Tabs, so its styles draw them as before, and with the keyboard of WAI-ARIA's tabs pattern as Radix's Tabs gives it:
// the selected tab is the one tab stop, the arrow keys move along the tabs (round from the last to the first), Home
// and Page Up go to the first, End and Page Down to the last, and a tab is selected as it takes focus. Radix's Tabs
// brings its roving-focus, collection and presence machinery with it (about 5 KB gzipped), more than the rest of the
// landing page's controls together; the owner's screens, loaded later, keep using it.
import { createContext, use, useId, useState, type KeyboardEvent, type ReactNode } from 'react';

type TabsState = { value: string; select: (value: string) => void; id: string };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error('A tab or its panel is drawn outside ShopTabs.Root');
  return tabs;
}

const triggerId = (tabs: TabsState, value: string) => `${tabs.id}-trigger-${value}`;
const contentId = (tabs: TabsState, value: string) => `${tabs.id}-content-${value}`;

function Root({
  defaultValue,
  className,
  children,
}: {
  defaultValue: string;
  className?: string;
  children: ReactNode;
}) {
  const [value, select] = useState(defaultValue);
  const id = useId();
  return (
    <TabsContext value={{ value, select, id }}>
      <div dir="ltr" data-orientation="horizontal" className={className ? `rt-TabsRoot ${className}` : 'rt-TabsRoot'}>
        {children}
      </div>
    </TabsContext>
  );
}

/** Where a key sends focus among `count` tabs from `index`; undefined for a key that does not move it. */
function nextIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return undefined;
  }
}

function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(event.target as HTMLButtonElement);
  if (index === -1) return;
  const next = nextIndex(event.key, index, tabs.length);
  if (next === undefined) return;
  event.preventDefault();
  tabs[next]!.focus();
}

function List({
  size = '2',
  justify,
  children,
}: {
  size?: '1' | '2';
  justify?: 'start' | 'center' | 'end';
  children: ReactNode;
}) {
  const classes = ['rt-BaseTabList', 'rt-TabsList', `rt-r-size-${size}`, ...(justify ? [`rt-r-jc-${justify}`] : [])];
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={classes.join(' ')}
      onKeyDown={onListKeyDown}
    >
      {children}
    </div>
  );
}

function Trigger({ value, children }: { value: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      className="rt-reset rt-BaseTabListTrigger rt-TabsTrigger"
      // As Radix's: a press of the main button selects at once; any other press (a context menu) neither selects nor
      // focuses.
      onMouseDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === ' ' || event.key === 'Enter') tabs.select(value);
      }}
      onFocus={() => tabs.select(value)}
    >
      <span className="rt-BaseTabListTriggerInner rt-TabsTriggerInner">{children}</span>
      <span className="rt-BaseTabListTriggerInnerHidden rt-TabsTriggerInnerHidden">{children}</span>
    </button>
  );
}

/** The selected tab's panel; the others stay in the page, hidden and empty, as Radix leaves them. */
function Content({ value, children }: { value: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs, value)}
      aria-labelledby={triggerId(tabs, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      tabIndex={0}
      className="rt-TabsContent"
    >
      {selected && children}
    </div>
  );
}

export const ShopTabs = { Root, List, Trigger, Content };
