import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { OPEN_ATTRIBUTE } from '../../../shared/widget/snippet';
import { CodeBlock } from './code-block';
import type { SectionProps } from './docs-page';
import {
  FLOATING_EXAMPLE,
  INLINE_EXAMPLE,
  POPUP_EXAMPLE,
  severalWidgetsExample,
  snippetExample,
} from './examples';
import { DocSection, H3, P, RefList, Rich, Step } from './ui';

/** Installation: allow the website, paste the snippet, how it loads, several widgets. */
export function InstallationSection({ example, copy }: SectionProps) {
  const { t } = useTranslation();
  return (
    <DocSection id="installation" title={t('docs:sections.installation')}>
      <P text={t('docs:installation.intro')} />
      <ol className="grid gap-4">
        <Step n={1}>
          <p className="leading-relaxed">
            <Rich text={t('docs:installation.step1')} />{' '}
            <Link to="/dashboard/portals" className="font-medium text-primary hover:underline">
              {t('docs:installation.step1Link')}
            </Link>
          </p>
        </Step>
        <Step n={2}>
          <P text={t('docs:installation.step2')} />
          <CodeBlock
            caption={t('docs:caption.beforeBody')}
            code={snippetExample(example, { mode: 'floating' })}
            copyTexts={copy}
          />
        </Step>
      </ol>
      <H3>{t('docs:installation.asyncTitle')}</H3>
      <P text={t('docs:installation.async')} />
      <P text={t('docs:installation.ssr')} />
      <H3 id="several-widgets">{t('docs:installation.severalTitle')}</H3>
      <P text={t('docs:installation.several')} />
      <CodeBlock caption="HTML" code={severalWidgetsExample(example)} copyTexts={copy} />
    </DocSection>
  );
}

/** The three modes with an example each, the dialog's behaviour and the data attributes. */
export function ModesSection({ copy }: SectionProps) {
  const { t } = useTranslation();
  return (
    <DocSection id="modes" title={t('docs:sections.modes')}>
      <P text={t('docs:modes.intro')} />
      <H3 id="mode-floating">{t('docs:modes.floatingTitle')}</H3>
      <P text={t('docs:modes.floating')} />
      <CodeBlock caption="JavaScript" code={FLOATING_EXAMPLE} copyTexts={copy} />
      <H3 id="mode-popup">{t('docs:modes.popupTitle')}</H3>
      <P text={t('docs:modes.popup')} />
      <CodeBlock caption="HTML" code={POPUP_EXAMPLE} copyTexts={copy} />
      <H3 id="mode-inline">{t('docs:modes.inlineTitle')}</H3>
      <P text={t('docs:modes.inline')} />
      <CodeBlock caption="HTML" code={INLINE_EXAMPLE} copyTexts={copy} />
      <P text={t('docs:modes.dialog')} className="rounded-xl bg-surface p-4 text-sm" />
      <H3 id="data-attributes">{t('docs:modes.attributesTitle')}</H3>
      <RefList
        label={t('docs:modes.attributes')}
        items={[
          { term: OPEN_ATTRIBUTE, description: <Rich text={t('docs:modes.attrOpen')} /> },
          { term: 'data-client-portal-page', description: <Rich text={t('docs:modes.attrPage')} /> },
        ]}
      />
    </DocSection>
  );
}
