import { AlertTriangle, BookOpen, Info } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import type { WidgetMode } from '../../../shared/widget/protocol';
import { OPEN_ATTRIBUTE, widgetSnippet } from '../../../shared/widget/snippet';
import { CodeBlock, type CopyTexts } from '../docs/code-block';
import { SectionCard } from './ui';

const MODES: WidgetMode[] = ['floating', 'popup', 'inline'];
/** The element inline mode renders in: the snippet's default selector `#client-portal`. */
const INLINE_ELEMENT = '<div id="client-portal"></div>';

/** Scrolls to the editor's "Website embedding" card and puts the cursor in its address field. */
function goToOrigins() {
  const heading = document.getElementById('portal-section-embedding');
  heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading?.closest('section')?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
}

/**
 * The paste-in snippet of the embeddable widget (issue 6) for this portal, made by `shared/widget/snippet.ts`
 * (the same code the documentation quotes): a choice of mode, the element or button that mode needs, the
 * copyable snippet, and whether any website may embed the portal at all (its saved allowed origins).
 */
export function WidgetCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<WidgetMode>('floating');
  const groupId = useId();
  // The platform origin that serves /widget/embed.js and the portal (the API's PUBLIC_URL).
  const origin = new URL(portal.portalUrl).origin;
  const snippet = widgetSnippet({ origin, portalId: portal.id, mode });
  const copyTexts: CopyTexts = {
    copy: t('portals:widget.copy'),
    copied: t('portals:copy.linkCopied'),
    failed: t('portals:widget.copyFailed'),
  };
  const origins = portal.allowedOrigins;
  const trigger = `<button type="button" ${OPEN_ATTRIBUTE}>${t('portals:widget.buttonText')}</button>`;

  return (
    <SectionCard id="widget" title={t('portals:widget.title')} description={t('portals:widget.description')}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('portals:widget.modeLabel')}</legend>
        <div className="grid gap-2">
          {MODES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border px-3 py-2.5 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                mode === value ? 'border-primary bg-primary-soft/60' : 'border-line hover:bg-surface',
              )}
            >
              <input
                type="radio"
                name={groupId}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                aria-describedby={`${groupId}-${value}`}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="grid min-w-0 content-start gap-0.5">
                <span className="text-sm font-medium">{t(`portals:widget.modes.${value}`)}</span>
                <span id={`${groupId}-${value}`} className="text-xs text-muted">
                  {t(`portals:widget.modes.${value}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <ol className="grid gap-4">
        {mode === 'inline' ? (
          <Step n={1} text={t('portals:widget.steps.inline')}>
            <CodeBlock caption="HTML" code={INLINE_ELEMENT} copyTexts={copyTexts} />
          </Step>
        ) : null}
        {mode === 'popup' ? (
          <Step n={1} text={t('portals:widget.steps.popup')}>
            <CodeBlock caption="HTML" code={trigger} copyTexts={copyTexts} />
          </Step>
        ) : null}
        <Step n={mode === 'floating' ? null : 2} text={t('portals:widget.steps.snippet')}>
          <CodeBlock caption={t('portals:widget.snippetCaption')} code={snippet} copyTexts={copyTexts} />
        </Step>
      </ol>

      {origins.length > 0 ? (
        <p className="flex gap-2 text-sm text-muted">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="min-w-0">
            {t('portals:widget.originsNote')}{' '}
            <span className="font-mono break-words text-ink">{origins.join(', ')}</span>
          </span>
        </p>
      ) : (
        <div
          role="status"
          className="flex flex-wrap items-start gap-3 rounded-xl border border-warning/30 bg-warning-soft p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <div className="grid min-w-0 flex-1 basis-60 gap-1">
            <p className="font-medium text-warning">{t('portals:widget.noOriginsTitle')}</p>
            <p className="text-ink">{t('portals:widget.noOriginsBody')}</p>
          </div>
          <Button variant="secondary" size="sm" onClick={goToOrigins}>
            {t('portals:widget.addOrigin')}
          </Button>
        </div>
      )}

      <Link
        to="/dashboard/documentation"
        className="flex w-fit items-start gap-2 rounded text-sm font-medium text-primary hover:underline"
      >
        <BookOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('portals:widget.docs')}
      </Link>
    </SectionCard>
  );
}

function Step({ n, text, children }: { n: number | null; text: string; children: ReactNode }) {
  return (
    <li className="grid min-w-0 gap-2">
      <p className="flex items-baseline gap-2 text-sm">
        {n ? (
          <span
            aria-hidden="true"
            className="grid size-5 shrink-0 place-items-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
          >
            {n}
          </span>
        ) : null}
        <span>{text}</span>
      </p>
      {children}
    </li>
  );
}
