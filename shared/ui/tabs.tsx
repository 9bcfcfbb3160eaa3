import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useRef,
} from 'react';
import { cn } from './cn';

/**
 * Tabs after the WAI-ARIA tabs pattern (what Radix Tabs did here, at a fraction of its size): a `tablist` of
 * `tab` buttons with `aria-selected` and `aria-controls`, one labelled `tabpanel`; roving focus, arrow keys
 * (Home/End too) move between tabs and select them (automatic activation). Controlled: `value` +
 * `onValueChange`. Inactive panels are not rendered. `data-state="active|inactive"` is set like Radix's.
 */
type TabsContextValue = { value: string; select: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tabs parts must be used inside <Tabs>');
  return context;
}

const ids = (baseId: string, value: string) => ({
  tab: `${baseId}-tab-${value}`,
  panel: `${baseId}-panel-${value}`,
});

export function Tabs({
  value,
  onValueChange,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId }}>{children}</TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...rest }: ComponentProps<'div'>) {
  const list = useRef<HTMLDivElement>(null);
  function move(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const tabs = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? []),
    ];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0 || tabs.length === 0) return;
    const next = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  }
  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-surface p-1', className)}
      onKeyDown={move}
      {...rest}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  ...rest
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  const id = ids(tabs.baseId, value);
  return (
    <button
      type="button"
      role="tab"
      id={id.tab}
      aria-selected={active}
      aria-controls={id.panel}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      className={cn(
        'h-9 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:text-ink',
        'data-[state=active]:bg-canvas data-[state=active]:text-ink data-[state=active]:shadow-sm',
        className,
      )}
      onClick={() => {
        if (!active) tabs.select(value);
      }}
      {...rest}
    />
  );
}

export function TabsContent({ value, className, ...rest }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  const id = ids(tabs.baseId, value);
  return (
    <div
      role="tabpanel"
      id={id.panel}
      aria-labelledby={id.tab}
      data-state="active"
      className={cn('mt-6 focus-visible:outline-none', className)}
      {...rest}
    />
  );
}
