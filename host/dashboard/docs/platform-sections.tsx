import { ExternalLink } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';
import { buttonClass } from '../../../shared/ui/button';
import { CodeBlock } from './code-block';
import type { SectionProps } from './docs-page';
import { cspExample, ENDPOINTS } from './examples';
import { DocSection, H3, P, RefList, Rich } from './ui';

/** Sign-in without single sign-on: the magic link back to the page, and blocked third-party storage. */
export function SignInSection() {
  const { t } = useTranslation();
  return (
    <DocSection id="sign-in" title={t('docs:sections.signIn')}>
      <P text={t('docs:signIn.intro')} />
      <H3 id="magic-links">{t('docs:signIn.magicTitle')}</H3>
      <P text={t('docs:signIn.magic')} />
      <H3 id="third-party-storage">{t('docs:signIn.storageTitle')}</H3>
      <P text={t('docs:signIn.storage')} />
    </DocSection>
  );
}

/** The Content-Security-Policy sources a provider's site must allow, for this platform's origin. */
export function CspSection({ example, copy }: SectionProps) {
  const { t } = useTranslation();
  return (
    <DocSection id="csp" title={t('docs:sections.csp')}>
      <P text={t('docs:csp.intro')} />
      <CodeBlock caption="Content-Security-Policy" code={cspExample(example.origin)} copyTexts={copy} />
      <P text={t('docs:csp.inline')} />
      <P text={t('docs:csp.styles')} />
      <P text={t('docs:csp.ancestors')} />
    </DocSection>
  );
}

/** Links to the API reference and the OpenAPI document (new tabs). */
export function ApiLinks() {
  const { t } = useTranslation();
  const links = [
    { href: '/api/docs', label: t('docs:api.reference') },
    { href: '/api/openapi.json', label: t('docs:api.openapi') },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {links.map((link) => (
        <a
          key={link.href}
          href={link.href}
          target="_blank"
          rel="noreferrer"
          className={buttonClass('secondary', 'md')}
        >
          {link.label}
          <span className="font-mono text-xs text-subtle">{link.href}</span>
          <ExternalLink aria-hidden="true" className="size-4 text-subtle" />
          <span className="sr-only">{t('docs:api.newTab')}</span>
        </a>
      ))}
    </div>
  );
}

/** The widget's own endpoints (single sign-on's secret and the exchange). */
export function WidgetEndpoints() {
  const { t } = useTranslation();
  return (
    <RefList
      label={t('docs:api.endpoints')}
      items={ENDPOINTS.map((endpoint) => ({
        term: `${endpoint.method} ${endpoint.path}`,
        description: <Rich text={t(`docs:api.${endpoint.key}`)} />,
      }))}
    />
  );
}
