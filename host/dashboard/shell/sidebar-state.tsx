import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { safeStore } from '../../../shared/i18n/safe-store';

/** Spec §2/§9: the expanded/collapsed state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
/** Spec §9: under this width the sidebar is a slide-over panel. */
export const MOBILE_BREAKPOINT_PX = 768;
/** localStorage key of the groups' open/closed state. */
export const GROUPS_STORAGE_KEY = 'sidebar_groups';

/** The sidebar's expanded state from the cookie (expanded unless it says `false`). */
export function readSidebarCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): boolean {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== 'false';
}

function writeSidebarCookie(expanded: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small first-party cookie, no Cookie Store API in Firefox/Safari
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribeMobile(onChange: () => void) {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below the mobile breakpoint (spec §9: 768 px). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}

/** Open/closed state of the sidebar groups, remembered locally (spec §2: open by default). */
function readGroups(): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(safeStore.get(GROUPS_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

type SidebarContextValue = {
  /** Desktop: wide (16 rem) or icons only (3 rem). */
  expanded: boolean;
  isMobile: boolean;
  /** Mobile: the slide-over panel is open. */
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  /** Ctrl/Cmd+B and the top bar button: collapses/expands on desktop, opens/closes the panel on mobile. */
  toggle: () => void;
  groupOpen: (id: string) => boolean;
  setGroupOpen: (id: string, open: boolean) => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** Holds the sidebar state (cookie, local group state, breakpoint) and the Ctrl/Cmd+B shortcut. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() => readSidebarCookie());
  const [mobileOpen, setMobileOpen] = useState(false);
  const [groups, setGroups] = useState(readGroups);

  const toggle = useCallback(() => {
    if (window.matchMedia(mobileQuery).matches) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((value) => {
      writeSidebarCookie(!value);
      return !value;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === 'b' || event.key === 'B') && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  // Leaving the mobile layout closes the panel, so it is not open behind the desktop sidebar.
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  const setGroupOpen = useCallback((id: string, open: boolean) => {
    setGroups((current) => {
      if ((current[id] ?? true) === open) return current;
      const next = { ...current, [id]: open };
      safeStore.set(GROUPS_STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const value = useMemo<SidebarContextValue>(
    () => ({
      expanded,
      isMobile,
      mobileOpen,
      setMobileOpen,
      toggle,
      groupOpen: (id) => groups[id] ?? true,
      setGroupOpen,
    }),
    [expanded, isMobile, mobileOpen, toggle, groups, setGroupOpen],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}
