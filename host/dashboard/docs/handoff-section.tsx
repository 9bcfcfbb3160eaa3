import { useState } from 'react';
import type { HandoffErrorCode } from '../../../shared/contracts/widget';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import {
  BROWSER_EXAMPLE,
  NODE_ROUTE_EXAMPLE,
  NODE_SIGN_EXAMPLE,
  PHP_EXAMPLE,
} from '../../../shared/widget/handoff-examples';
import { CodeBlock } from './code-block';
import type { SectionProps } from './docs-page';
import { DocSection, H3, P, RefList, Rich } from './ui';

const CLAIMS = ['sub', 'aud', 'iat', 'exp', 'jti'] as const;

/** The handoff error codes (`HandoffErrorCode`), in the order a provider meets them; typed to stay complete. */
const HANDOFF_ERRORS: Record<HandoffErrorCode, string> = {
  handoff_not_configured: 'notConfigured',
  handoff_invalid: 'invalid',
  handoff_bad_signature: 'badSignature',
  handoff_wrong_audience: 'wrongAudience',
  handoff_expired: 'expired',
  handoff_replayed: 'replayed',
  handoff_unknown_client: 'unknownClient',
};

/**
 * Single sign-on (identity handoff): how it works, the secret, the token's claims, the Node and PHP
 * examples of `shared/widget/handoff-examples.ts` (tested against the real exchange), the page side and the
 * error codes.
 */
export function HandoffSection({ copy }: SectionProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('node');
  return (
    <DocSection id="identity-handoff" title={t('docs:sections.handoff')}>
      <P text={t('docs:handoff.intro')} />
      <ol className="grid gap-2 rounded-xl bg-surface p-4 text-sm">
        {(['flow1', 'flow2', 'flow3'] as const).map((key, index) => (
          <li key={key} className="flex gap-3">
            <span
              aria-hidden="true"
              className="grid size-6 shrink-0 place-items-center rounded-full bg-primary text-xs font-semibold text-on-primary"
            >
              {index + 1}
            </span>
            <span className="min-w-0 pt-0.5 leading-relaxed">
              <Rich text={t(`docs:handoff.${key}`)} />
            </span>
          </li>
        ))}
      </ol>

      <H3 id="handoff-secret">{t('docs:handoff.secretTitle')}</H3>
      <p className="leading-relaxed text-ink/90">
        <Rich text={t('docs:handoff.secret')} />{' '}
        <Link to="/dashboard/portals" className="font-medium text-primary hover:underline">
          {t('docs:installation.step1Link')}
        </Link>
      </p>

      <H3 id="handoff-token">{t('docs:handoff.tokenTitle')}</H3>
      <P text={t('docs:handoff.token')} />
      <RefList
        label={t('docs:handoff.claims')}
        items={CLAIMS.map((claim) => ({
          term: claim,
          description: <Rich text={t(`docs:handoff.${claim}`)} />,
        }))}
      />
      <P text={t('docs:handoff.onlyOwn')} className="font-medium" />
      <Tabs value={language} onValueChange={setLanguage}>
        <TabsList aria-label={t('docs:handoff.examples')} className="max-w-xs">
          <TabsTrigger value="node">Node.js</TabsTrigger>
          <TabsTrigger value="php">PHP</TabsTrigger>
        </TabsList>
        <TabsContent value="node" className="mt-3! grid min-w-0 gap-3">
          <CodeBlock caption="client-portal-token.mjs" code={NODE_SIGN_EXAMPLE} copyTexts={copy} />
          <CodeBlock caption="server.mjs · Express" code={NODE_ROUTE_EXAMPLE} copyTexts={copy} />
        </TabsContent>
        <TabsContent value="php" className="mt-3! grid min-w-0 gap-3">
          <CodeBlock caption="client-portal-token.php" code={PHP_EXAMPLE} copyTexts={copy} />
        </TabsContent>
      </Tabs>

      <H3 id="handoff-widget">{t('docs:handoff.widgetTitle')}</H3>
      <P text={t('docs:handoff.widget')} />
      <CodeBlock caption="HTML" code={BROWSER_EXAMPLE} copyTexts={copy} />
      <P text={t('docs:handoff.result')} />
      <div id="handoff-errors" className="scroll-mt-20">
        <RefList
          label={t('docs:handoff.codes')}
          items={Object.entries(HANDOFF_ERRORS).map(([code, key]) => ({
            term: code,
            description: <Rich text={t(`docs:handoff.${key}`)} />,
          }))}
        />
      </div>
    </DocSection>
  );
}
