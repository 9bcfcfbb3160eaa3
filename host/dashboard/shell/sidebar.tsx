import { ChevronDown, X } from 'lucide-react';
import { createContext, type KeyboardEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useLocation } from '../../../shared/router';
import { cn } from '../../../shared/ui/cn';
import { Logo } from '../../../shared/ui/logo';
import {
  type DashboardSection,
  type SectionGroup,
  sectionHref,
  sectionOfPath,
  visibleGroups,
} from '../sections';
import { HOVER_PRELOAD_MS, preloadSection } from './preload';
import { useSidebar } from './sidebar-state';

/** Computed once: availability is static per build (the registry, `shared/remotes.ts`). */
const GROUPS = visibleGroups();

type TooltipKit = typeof import('../../../shared/ui/tooltip');
const TooltipKitContext = createContext<TooltipKit | null>(null);
let loadedKit: TooltipKit | null = null;

/**
 * The tooltip module, loaded the first time the sidebar collapses: only icons need tooltips, so the default
 * (expanded) first load does without it. Its default timing is spec §9's (700 ms delay, 300 ms skip delay).
 */
function useTooltipKit(needed: boolean): TooltipKit | null {
  const [kit, setKit] = useState(loadedKit);
  useEffect(() => {
    if (!needed || kit) return;
    void import('../../../shared/ui/tooltip').then((module) => {
      loadedKit = module;
      setKit(module);
    });
  }, [needed, kit]);
  return kit;
}

/**
 * The dashboard sidebar (spec §2): a 16 rem column that collapses to 3 rem of icons with tooltips on
 * desktop, and an 18 rem slide-over panel (modal, focus kept inside, Escape and the backdrop close it)
 * under 768 px.
 */
export function Sidebar() {
  const { expanded, groupOpen, setGroupOpen } = useSidebar();
  const tooltipKit = useTooltipKit(!expanded);
  const { pathname } = useLocation();

  // The group of the current route opens by itself (spec §2).
  useEffect(() => {
    const match = sectionOfPath(pathname, GROUPS);
    if (match && !groupOpen(match.group.id)) setGroupOpen(match.group.id, true);
  }, [pathname, groupOpen, setGroupOpen]);

  return (
    <TooltipKitContext.Provider value={tooltipKit}>
      <aside
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-line bg-surface transition-[width] duration-200 ease-out md:flex',
          expanded ? 'w-64' : 'w-12',
        )}
      >
        <SidebarHeader compact={!expanded} />
        <SidebarNav compact={!expanded} />
      </aside>
      <MobileSidebar />
    </TooltipKitContext.Provider>
  );
}

function SidebarHeader({ compact, onClose }: { compact: boolean; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'flex h-14 shrink-0 items-center border-b border-line',
        compact ? 'justify-center' : 'justify-between px-4',
      )}
    >
      <Link to="/dashboard" className="rounded-lg" onClick={onClose}>
        <Logo name={t('app.name')} markOnly={compact} />
      </Link>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          className="grid size-8 place-items-center rounded-md text-muted hover:bg-canvas hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('app.close')}</span>
        </button>
      ) : null}
    </div>
  );
}

function SidebarNav({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('shell.navigation')} className="flex-1 overflow-y-auto overflow-x-hidden py-3">
      {GROUPS.map((group, index) =>
        compact ? (
          <ul
            key={group.id}
            aria-label={t(group.label)}
            className={cn('grid gap-1 px-2', index > 0 && 'mt-3 border-t border-line pt-3')}
          >
            {group.sections.map((section) => (
              <SidebarItem key={section.id} section={section} compact onNavigate={onNavigate} />
            ))}
          </ul>
        ) : (
          <SidebarGroup key={group.id} group={group} onNavigate={onNavigate} />
        ),
      )}
    </nav>
  );
}

function SidebarGroup({ group, onNavigate }: { group: SectionGroup; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { groupOpen, setGroupOpen } = useSidebar();
  const open = groupOpen(group.id);
  const listId = useId();
  return (
    <div className="px-3 pb-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setGroupOpen(group.id, !open)}
        className="flex h-8 w-full items-center justify-between rounded-md px-2 text-xs font-semibold tracking-wide text-subtle uppercase hover:bg-canvas hover:text-ink"
      >
        {t(group.label)}
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', !open && '-rotate-90')}
        />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 grid gap-0.5">
        {group.sections.map((section) => (
          <SidebarItem key={section.id} section={section} compact={false} onNavigate={onNavigate} />
        ))}
      </ul>
    </div>
  );
}

function SidebarItem({
  section,
  compact,
  onNavigate,
}: {
  section: DashboardSection;
  compact: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const timer = useRef<number | undefined>(undefined);
  // NavLink would add its matcher to the first load; the section of the path is all that is needed here.
  const active = sectionOfPath(useLocation().pathname)?.section.id === section.id;
  const label = t(section.label);
  const Icon = section.icon;
  const tooltipKit = useContext(TooltipKitContext);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const link = (
    <Link
      to={sectionHref(section)}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      // Spec §2/§9: hovering for 150 ms preloads the section; keyboard focus preloads it too.
      onPointerEnter={() => {
        timer.current = window.setTimeout(() => preloadSection(section), HOVER_PRELOAD_MS);
      }}
      onPointerLeave={() => window.clearTimeout(timer.current)}
      onFocus={() => preloadSection(section)}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md text-sm font-medium transition-colors',
        compact ? 'w-8 justify-center' : 'px-2',
        active ? 'bg-primary-soft text-primary-strong' : 'text-muted hover:bg-canvas hover:text-ink',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn('truncate', compact && 'sr-only')}>{label}</span>
    </Link>
  );
  return (
    <li>{compact && tooltipKit ? <tooltipKit.Tooltip content={label}>{link}</tooltipKit.Tooltip> : link}</li>
  );
}

/** Keeps Tab inside the panel (the modal dialog makes the page inert; this also stops Tab at its edges). */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]'),
  ].filter((el) => !el.closest('[hidden]'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function MobileSidebar() {
  const { t } = useTranslation();
  const { mobileOpen, setMobileOpen } = useSidebar();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (mobileOpen && !element.open) element.showModal();
    if (!mobileOpen && element.open) element.close();
  }, [mobileOpen]);

  return (
    // The native modal dialog gives the backdrop, Escape, an inert page behind it and focus restore.
    <dialog
      ref={dialog}
      aria-label={t('shell.navigation')}
      onClose={() => setMobileOpen(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) setMobileOpen(false);
      }}
      onKeyDown={trapTab}
      className="m-0 h-dvh max-h-none w-72 max-w-[calc(100vw-2rem)] border-r border-line bg-surface p-0 backdrop:bg-ink/40 open:flex open:flex-col"
    >
      <SidebarHeader compact={false} onClose={() => setMobileOpen(false)} />
      <SidebarNav compact={false} onNavigate={() => setMobileOpen(false)} />
    </dialog>
  );
}
