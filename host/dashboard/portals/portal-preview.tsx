import {
  CreditCard,
  FileText,
  FolderKanban,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Receipt,
} from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { colorContrast } from '../../../shared/format/contrast';
import { useTranslation } from '../../../shared/i18n/react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';

type PreviewProps = {
  name: string;
  logoSrc: string | null;
  primary: string;
  secondary: string;
  address: string;
};

/**
 * A live mock-up of the portal in the colours being edited: its login page and its dashboard, drawn with
 * HTML like the real portal, which applies its branding the same way (overriding the `--brand-*` variables
 * of `shared/ui/styles.css` on its root). Nothing in it is interactive; it is marked as a preview.
 */
export function PortalPreview(props: PreviewProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'login' | 'dashboard'>('login');
  const onPrimary = colorContrast(props.primary).textColor;
  const brand = {
    '--brand-primary': props.primary,
    '--brand-primary-strong': `color-mix(in srgb, ${props.primary} 82%, black)`,
    '--brand-primary-soft': `color-mix(in srgb, ${props.primary} 10%, white)`,
    '--brand-on-primary': onPrimary,
    '--brand-secondary': props.secondary,
  } as CSSProperties;

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
            <p className="sr-only">{t(`portals:preview.${value}Description`, { name: props.name })}</p>
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
              {value === 'login' ? <LoginMock {...props} /> : <DashboardMock {...props} />}
            </div>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function Mark({ name, logoSrc, size }: { name: string; logoSrc: string | null; size: string }) {
  if (logoSrc) return <img src={logoSrc} alt="" className={`${size} shrink-0 object-contain`} />;
  return (
    <span
      className={`${size} grid shrink-0 place-items-center rounded-lg bg-primary font-semibold text-on-primary`}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

function LoginMock({ name, logoSrc }: PreviewProps) {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-80 place-items-center bg-gradient-to-b from-primary-soft to-canvas px-4 py-8">
      <div className="grid w-full max-w-64 justify-items-center gap-3 rounded-xl border border-line bg-canvas p-5 text-center shadow-sm">
        <Mark name={name} logoSrc={logoSrc} size="size-11" />
        <div className="grid gap-0.5">
          <p className="text-sm font-semibold break-words">{name || t('portals:preview.untitled')}</p>
          <p className="text-xs text-muted">{t('portals:preview.signInTitle')}</p>
        </div>
        <div className="grid w-full gap-1 text-left">
          <span className="text-[0.7rem] font-medium">{t('auth.email')}</span>
          <span className="flex h-7 items-center gap-1.5 rounded-md border border-line px-2 text-[0.7rem] text-subtle">
            <Mail className="size-3" />
            name@company.com
          </span>
        </div>
        <span className="flex h-8 w-full items-center justify-center rounded-md bg-primary text-xs font-medium text-on-primary">
          {t('portals:preview.sendLink')}
        </span>
        <span className="text-[0.7rem] font-medium text-primary">{t('portals:preview.usePassword')}</span>
      </div>
    </div>
  );
}

function DashboardMock({ name, logoSrc, secondary }: PreviewProps) {
  const { t } = useTranslation();
  const nav = [
    { key: 'dashboard', icon: LayoutDashboard },
    { key: 'projects', icon: FolderKanban },
    { key: 'files', icon: FileText },
    { key: 'messages', icon: MessageSquare },
    { key: 'invoices', icon: Receipt },
  ] as const;
  return (
    <div className="grid min-h-80 content-start">
      <div className="flex items-center gap-2 bg-primary px-3 py-2.5 text-on-primary">
        <span className="rounded-md bg-canvas p-0.5">
          <Mark name={name} logoSrc={logoSrc} size="size-6" />
        </span>
        <span className="min-w-0 truncate text-xs font-semibold">
          {name || t('portals:preview.untitled')}
        </span>
      </div>
      <div className="flex gap-1 overflow-hidden border-b border-line px-2 py-1.5">
        {nav.map(({ key, icon: Icon }, index) => (
          <span
            key={key}
            className={
              index === 0
                ? 'flex items-center gap-1 rounded-md bg-primary-soft px-1.5 py-1 text-[0.65rem] font-medium text-primary-strong'
                : 'flex items-center gap-1 px-1.5 py-1 text-[0.65rem] text-muted'
            }
          >
            <Icon className="size-3 shrink-0" />
            {t(`portals:preview.nav.${key}`)}
          </span>
        ))}
      </div>
      <div className="grid gap-2.5 p-3">
        <p className="text-sm font-semibold">{t('portals:preview.welcome')}</p>
        <div className="grid grid-cols-2 gap-2">
          {(['activeProjects', 'openInvoices'] as const).map((key, index) => (
            <div key={key} className="rounded-lg border border-line p-2">
              <p className="text-[0.65rem] text-muted">{t(`portals:preview.${key}`)}</p>
              <p className="text-base font-semibold text-primary">{index === 0 ? 2 : 1}</p>
            </div>
          ))}
        </div>
        <div className="grid gap-1.5 rounded-lg border border-line p-2.5">
          <div className="flex items-center justify-between gap-2">
            <span className="truncate text-xs font-medium">{t('portals:preview.project')}</span>
            <span
              style={{ color: colorContrast(secondary).textColor }}
              className="shrink-0 rounded-full bg-secondary px-1.5 py-0.5 text-[0.6rem] font-medium"
            >
              {t('portals:preview.inProgress')}
            </span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-surface">
            <div className="h-full w-2/3 rounded-full bg-primary" />
          </div>
        </div>
        <div className="flex items-center justify-between gap-2 rounded-lg border border-line p-2.5">
          <span className="flex min-w-0 items-center gap-1.5 text-xs">
            <Receipt className="size-3.5 shrink-0 text-secondary" />
            <span className="truncate">{t('portals:preview.invoice')}</span>
          </span>
          <span className="flex shrink-0 items-center gap-1 rounded-md bg-primary px-2 py-1 text-[0.65rem] font-medium text-on-primary">
            <CreditCard className="size-3" />
            {t('portals:preview.pay')}
          </span>
        </div>
      </div>
    </div>
  );
}
