import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from './cn';

/**
 * A label tooltip with Radix's timing (open after `delayDuration`; once one has closed, another opens at
 * once for `skipDelayDuration`), at a fraction of Radix Tooltip's size (no popper, no portal). It shows on
 * hover and keyboard focus, hides on leave, blur, click and Escape. The tooltip is visual only: give the
 * trigger its own accessible name (e.g. a visually hidden label), the tooltip repeats it for sighted users.
 *
 * Hover is read from the browser's own `pointerenter`/`pointerleave`, not React's: React derives its enter
 * and leave from `pointerover`/`pointerout` and drops an `over` whose `relatedTarget` is one of its nodes.
 * A tooltip mounted under a resting pointer (the sidebar's, whose module arrives after the collapse, wraps
 * the link the pointer is already on) gets only such an `over` (from the surviving `<li>`), so React never
 * reported the enter and the tooltip stayed shut until the pointer left and came back.
 */
type Timing = { delay: number; skip: number; lastClosed: { current: number } };

const TooltipContext = createContext<Timing>({ delay: 700, skip: 300, lastClosed: { current: 0 } });

/** Shares the timing between tooltips (spec §9 sidebar: 700 ms delay, 300 ms skip delay). */
export function TooltipProvider({
  delayDuration = 700,
  skipDelayDuration = 300,
  children,
}: {
  delayDuration?: number;
  skipDelayDuration?: number;
  children: ReactNode;
}) {
  const lastClosed = useRef(0);
  return (
    <TooltipContext.Provider value={{ delay: delayDuration, skip: skipDelayDuration, lastClosed }}>
      {children}
    </TooltipContext.Provider>
  );
}

/** Wraps a trigger (a block element) and shows `content` beside it; `disabled` turns it off. */
export function Tooltip({
  content,
  disabled,
  children,
}: {
  content: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const timing = useContext(TooltipContext);
  const wrapper = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const id = useId();

  const show = (immediately: boolean) => {
    window.clearTimeout(timer.current);
    const open = () => {
      const rect = wrapper.current?.getBoundingClientRect();
      if (rect) setPosition({ top: rect.top + rect.height / 2, left: rect.right + 8 });
    };
    const warm = Date.now() - timing.lastClosed.current < timing.skip;
    if (immediately || warm) open();
    else timer.current = window.setTimeout(open, timing.delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setPosition((current) => {
      if (current) timing.lastClosed.current = Date.now();
      return null;
    });
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Listens from the commit that mounts the wrapper (before the browser's next frame dispatches the
  // boundary events of nodes that appeared under the pointer); a removed wrapper takes its listeners along.
  const latest = useRef({ show, hide });
  latest.current = { show, hide };
  const listen = useCallback((element: HTMLDivElement | null) => {
    wrapper.current = element;
    if (!element) return;
    element.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') latest.current.show(false);
    });
    element.addEventListener('pointerleave', () => latest.current.hide());
  }, []);
  useEffect(() => {
    if (disabled) {
      window.clearTimeout(timer.current);
      setPosition(null);
    }
  }, [disabled]);

  if (disabled) return children;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens; the trigger inside is the control
    <div
      ref={listen}
      onPointerDown={hide}
      onFocus={(event) => event.target.matches(':focus-visible') && show(true)}
      onBlur={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {children}
      {position ? (
        <div
          id={id}
          data-slot="tooltip"
          aria-hidden="true"
          style={{ top: position.top, left: position.left }}
          className={cn(
            'pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-ink px-2 py-1 text-xs font-medium',
            'whitespace-nowrap text-white shadow-md',
          )}
        >
          {content}
        </div>
      ) : null}
    </div>
  );
}
