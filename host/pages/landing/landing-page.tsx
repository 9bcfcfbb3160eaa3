import {
  ArrowRight,
  Check,
  CodeXml,
  CreditCard,
  FileCheck,
  Globe,
  MessagesSquare,
  Palette,
  Sparkles,
} from 'lucide-react';
import { formatMoney } from '../../../shared/format/money';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PublicLayout } from '../../layout/public-layout';
import { PortalPreview } from './portal-preview';

/** Spec §1: the single Professional plan, 9 euro per month. */
const PLAN_PRICE_CENTS = 900;

const FEATURES = [
  { key: 'branded', Icon: Palette },
  { key: 'embed', Icon: CodeXml },
  { key: 'invoices', Icon: CreditCard },
  { key: 'files', Icon: FileCheck },
  { key: 'messages', Icon: MessagesSquare },
  { key: 'languages', Icon: Globe },
] as const;

/** The public landing page (spec §1, §2). */
export default function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.tagline'));
  return (
    <PublicLayout wide>
      <Hero />
      <Features />
      <Pricing />
      <WaitlistBanner />
    </PublicLayout>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-[36rem] bg-[radial-gradient(60%_50%_at_50%_0%,color-mix(in_oklab,var(--brand-primary)_22%,transparent),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:pb-24">
        <div className="grid gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-primary/20 bg-primary-soft px-3 py-1 text-xs font-medium text-primary-strong">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t('landing:eyebrow')}
          </p>
          <h1 className="text-4xl leading-[1.08] font-semibold sm:text-5xl lg:text-6xl">
            {t('landing:title')}
          </h1>
          <p className="max-w-xl text-lg text-muted">{t('landing:subtitle')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/auth?mode=signup" className={buttonClass('primary', 'lg')}>
              {t('landing:ctaPrimary')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/auth" className={buttonClass('secondary', 'lg')}>
              {t('landing:ctaSecondary')}
            </Link>
          </div>
          <p className="text-sm text-subtle">{t('landing:ctaNote')}</p>
        </div>
        <PortalPreview />
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation();
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 border-t border-line bg-surface"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto grid max-w-2xl gap-3 text-center">
          <h2 id="features-title" className="text-3xl font-semibold sm:text-4xl">
            {t('landing:features.title')}
          </h2>
          <p className="text-muted">{t('landing:features.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl border border-line bg-canvas p-6 shadow-xs">
              <span className="inline-grid size-10 place-items-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{t(`landing:features.${key}.title`)}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted">{t(`landing:features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing() {
  const { t, i18n } = useTranslation();
  const price = formatMoney(PLAN_PRICE_CENTS, i18n.resolvedLanguage ?? 'en', 'EUR', { compact: true });
  const points = ['landing:pricing.trial', 'landing:pricing.noCard', 'landing:pricing.guarantee'];
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div className="grid gap-3">
          <h2 id="pricing-title" className="text-3xl font-semibold sm:text-4xl">
            {t('landing:pricing.title')}
          </h2>
          <p className="text-muted">{t('landing:pricing.subtitle')}</p>
          <p className="text-sm text-subtle">{t('landing:pricing.notice')}</p>
        </div>
        <div className="rounded-3xl border border-line bg-canvas p-8 shadow-lg shadow-primary/5 ring-1 ring-primary/10">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            {t('landing:pricing.plan')}
          </p>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="text-5xl font-semibold tracking-tight">
              {t('landing:pricing.price', { price })}
            </span>
            <span className="text-muted">{t('landing:pricing.perMonth')}</span>
          </p>
          <p className="mt-4 text-sm text-muted">{t('landing:pricing.includes')}</p>
          <ul className="mt-6 grid gap-3 text-sm">
            {points.map((key) => (
              <li key={key} className="flex items-center gap-3">
                <Check aria-hidden="true" className="size-4 shrink-0 text-success" />
                {t(key)}
              </li>
            ))}
          </ul>
          <Link to="/auth?mode=signup" className={buttonClass('primary', 'lg', 'mt-8 w-full')}>
            {t('landing:pricing.cta')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function WaitlistBanner() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="waitlist-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-3xl bg-ink px-8 py-10 text-white sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-2">
          <h2 id="waitlist-title" className="text-2xl font-semibold">
            {t('landing:waitlist.title')}
          </h2>
          <p className="text-slate-300">{t('landing:waitlist.body')}</p>
        </div>
        <Link to="/waitlist" className={buttonClass('secondary', 'lg', 'shrink-0 border-transparent!')}>
          {t('landing:waitlist.cta')}
        </Link>
      </div>
    </section>
  );
}
