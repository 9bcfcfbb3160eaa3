import { ArrowRight, Bell, Languages, LogOut } from 'lucide-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { colorContrast } from '../../../shared/format/contrast';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useTranslation } from '../../../shared/i18n/react';
import { PORTAL_NAV } from '../../../shared/portal/nav';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { usePortalTexts } from './portal-texts';

type PreviewProps = {
  name: string;
  logoSrc: string | null;
  primary: string;
  secondary: string;
  address: string;
};

/** The portal's translation function (its own texts, `portal-texts.ts`). */
type PortalT = NonNullable<ReturnType<typeof usePortalTexts>>;

/**
 * A live mock-up of the portal in the colours being edited: its sign-in page and its dashboard as a
 * client sees them on a phone, drawn like the real ones (`embed/portal/login/sign-in-layout.tsx`,
 * `login-page.tsx`, `signed-in/portal-shell.tsx`) with the portal's own texts and navigation
 * (`shared/portal/`, which the portal reads too), in the dashboard's language: the colour band, the logo AND the name, the form as a client without a password sees it.
 * The real portal applies its branding the same way (overriding the `--brand-*` variables of
 * `shared/ui/styles.css`). Nothing in it is interactive; it is marked as a preview.
 */
export function PortalPreview(props: PreviewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const p = usePortalTexts(lang);
  const [view, setView] = useState<'login' | 'dashboard'>('login');
  const onPrimary = colorContrast(props.primary).textColor;
  const brand = {
    '--brand-primary': props.primary,
    '--brand-primary-strong': `color-mix(in srgb, ${props.primary} 82%, black)`,
    '--brand-primary-soft': `color-mix(in srgb, ${props.primary} 10%, white)`,
    '--brand-on-primary': onPrimary,
    '--brand-secondary': props.secondary,
  } as CSSProperties;
  const name = props.name || t('portals:preview.untitled');

  return (
    <section aria-labelledby="portal-preview-title" className="grid grid-cols-1 gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="portal-preview-title" className="text-lg font-semibold">
          {t('portals:preview.title')}
        </h2>
        <span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-medium text-muted ring-1 ring-line ring-inset">
          {t('portals:preview.badge')}
        </span>
      </div>
      <Tabs value={view} onValueChange={(v) => setView(v === 'dashboard' ? 'dashboard' : 'login')}>
        <TabsList aria-label={t('portals:preview.views')}>
          <TabsTrigger value="login">{t('portals:preview.login')}</TabsTrigger>
          <TabsTrigger value="dashboard">{t('portals:preview.dashboard')}</TabsTrigger>
        </TabsList>
        {(['login', 'dashboard'] as const).map((value) => (
          <TabsContent key={value} value={value} className="mt-3">
            <p className="sr-only">{t(`portals:preview.${value}Description`, { name })}</p>
            <div
              aria-hidden="true"
              data-testid="portal-preview"
              style={brand}
              className="pointer-events-none overflow-hidden rounded-2xl border border-line bg-canvas shadow-lg shadow-slate-900/5 select-none"
            >
              <div className="flex items-center gap-2 border-b border-line bg-surface px-3 py-2">
                <span className="size-2 rounded-full bg-slate-300" />
                <span className="size-2 rounded-full bg-slate-300" />
                <span className="size-2 rounded-full bg-slate-300" />
                <span className="ml-2 min-w-0 flex-1 truncate rounded-md bg-canvas px-2 py-0.5 font-mono text-[0.65rem] text-subtle">
                  {props.address}
                </span>
              </div>
              {!p ? (
                <div className="min-h-96 bg-surface" />
              ) : value === 'login' ? (
                <LoginMock {...props} name={name} p={p} lang={lang} />
              ) : (
                <DashboardMock {...props} name={name} p={p} lang={lang} />
              )}
            </div>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

type MockProps = PreviewProps & { p: PortalT; lang: 'en' | 'de' };

/** The primary/secondary band at the top of every portal page. */
function Band({ height }: { height: string }) {
  return (
    <div className={`flex ${height}`}>
      <span className="flex-[3] bg-primary" />
      <span className="flex-1 bg-secondary" />
    </div>
  );
}

/** The portal's brand as its header shows it (`embed/portal/ui/brand-mark.tsx`): logo or initial, and name. */
function Brand({ name, logoSrc }: { name: string; logoSrc: string | null }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      {logoSrc ? (
        <img src={logoSrc} alt="" className="h-6 w-auto max-w-20 shrink-0 object-contain" />
      ) : (
        <span className="grid size-6 shrink-0 place-items-center rounded-md bg-primary text-xs font-semibold text-on-primary">
          {[...name.trim()][0]?.toUpperCase() ?? '·'}
        </span>
      )}
      <span className="line-clamp-2 text-xs leading-tight font-semibold break-words">{name}</span>
    </span>
  );
}

function LoginMock({ name, logoSrc, p, lang }: MockProps) {
  return (
    <div className="grid min-h-96 content-start bg-surface">
      <Band height="h-1" />
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <Brand name={name} logoSrc={logoSrc} />
        <span className="flex shrink-0 items-center gap-1 text-[0.65rem] font-medium">
          <Languages className="size-3 text-muted" />
          {p(`common.${lang}`)}
        </span>
      </div>
      <div className="grid gap-3 px-4 pt-4 pb-5">
        <div className="grid gap-1 text-center">
          <p className="text-base font-semibold break-words">{p('login.title', { portal: name })}</p>
          <p className="text-[0.7rem] text-muted">{p('login.subtitle')}</p>
        </div>
        <div className="grid gap-2.5 rounded-xl border border-line bg-canvas p-3 shadow-sm">
          <div className="grid gap-1">
            <span className="text-[0.7rem] font-medium">{p('login.email')}</span>
            <span className="flex h-7 items-center rounded-md border border-line px-2 text-[0.7rem] text-subtle">
              {p('login.emailPlaceholder')}
            </span>
          </div>
          <p className="text-[0.65rem] text-muted">{p('login.magicHint')}</p>
          <span className="flex h-8 items-center justify-center rounded-md bg-primary text-xs font-medium text-on-primary">
            {p('login.sendLink')}
          </span>
        </div>
        <p className="text-center text-[0.6rem] text-subtle">{p('login.help')}</p>
      </div>
    </div>
  );
}

/** A made-up client's dashboard: one active project, one unpaid invoice due in two weeks. */
function DashboardMock({ name, logoSrc, p, lang }: MockProps) {
  const { t } = useTranslation();
  const client = t('portals:preview.client');
  const amount = formatMoney(120_000, lang);
  const due = formatDate(Date.now() + 14 * 86_400_000, lang);
  return (
    <div className="flex min-h-96 flex-col bg-surface">
      <div className="border-b border-line bg-canvas">
        <Band height="h-1" />
        <div className="flex items-center gap-2 px-3 py-2">
          <Brand name={name} logoSrc={logoSrc} />
          <span className="ml-auto flex shrink-0 items-center gap-2">
            <Bell className="size-3 text-muted" />
            <span className="grid size-5 place-items-center rounded-full bg-primary-soft text-[0.6rem] font-semibold text-primary">
              {[...client][0]}
            </span>
            <LogOut className="size-3 text-muted" />
          </span>
        </div>
      </div>
      <div className="grid flex-1 content-start gap-3 p-3">
        <div className="grid gap-0.5">
          <p className="text-sm font-semibold">{p('dashboard.greeting', { name: client })}</p>
          <p className="text-[0.65rem] text-muted">{p('dashboard.subtitle')}</p>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Stat label={p('dashboard.activeProjects')} value="1" />
          <Stat
            label={p('dashboard.unpaidInvoices')}
            value="1"
            detail={p('dashboard.openAmount', { amount })}
          />
        </div>
        <Section title={p('dashboard.activeProjects')} link={p('dashboard.allProjects')}>
          <span className="truncate text-[0.7rem] font-medium">{t('portals:preview.project')}</span>
          <Badge tone="bg-sky-50 text-sky-800">{p('status.project.in_progress')}</Badge>
        </Section>
        <Section title={p('dashboard.unpaidInvoices')} link={p('dashboard.allInvoices')}>
          <span className="grid min-w-0">
            <span className="truncate text-[0.7rem] font-medium">INV-0042</span>
            <span className="text-[0.6rem] text-muted">{p('invoices.dueOn', { date: due })}</span>
          </span>
          <span className="grid justify-items-end gap-0.5">
            <span className="text-[0.7rem] font-medium tabular-nums">{amount}</span>
            <Badge tone="bg-sky-50 text-sky-800">{p('status.invoice.sent')}</Badge>
          </span>
        </Section>
      </div>
      <div className="flex border-t border-line bg-canvas">
        {PORTAL_NAV.map(({ page, icon: Icon }, index) => (
          <span
            key={page}
            className={`flex min-w-0 flex-1 flex-col items-center gap-0.5 py-1.5 text-[0.55rem] font-medium ${index === 0 ? 'text-primary' : 'text-subtle'}`}
          >
            <Icon className="size-3.5 shrink-0" />
            <span className="max-w-full truncate">{p(`nav.${page}`)}</span>
          </span>
        ))}
      </div>
    </div>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="grid content-start gap-0.5 rounded-lg border border-line bg-canvas p-2 shadow-sm">
      <p className="text-[0.6rem] text-muted">{label}</p>
      <p className="text-base font-semibold tabular-nums">{value}</p>
      {detail ? <p className="text-[0.6rem] text-muted tabular-nums">{detail}</p> : null}
    </div>
  );
}

function Section({ title, link, children }: { title: string; link: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-semibold">{title}</span>
        <span className="flex items-center gap-0.5 text-[0.6rem] font-medium text-primary">
          {link}
          <ArrowRight className="size-3" />
        </span>
      </div>
      <div className="flex items-center justify-between gap-2 rounded-lg border border-line bg-canvas p-2 shadow-sm">
        {children}
      </div>
    </div>
  );
}

function Badge({ tone, children }: { tone: string; children: string }) {
  return (
    <span
      className={`shrink-0 rounded-full px-1.5 py-0.5 text-[0.55rem] font-medium whitespace-nowrap ${tone}`}
    >
      {children}
    </span>
  );
}
