import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { CodeBlock } from './code-block';
import { CODE_EXAMPLES, type CodeExampleKey, isCodeExample } from './code-examples';
import type { SectionProps } from './docs-page';
import { ApiLinks, WidgetEndpoints } from './platform-sections';
import { DocSection, H3, P, RefList, Rich, Step } from './ui';

/**
 * One block of a chapter's text (`docs:chapters.<key>.blocks` in the locale files): a paragraph, a
 * sub-heading with its anchor, numbered steps, a list of terms, or a code block / tabs of code blocks named
 * by their key in `code-examples.ts`. The texts carry the words; the code comes from the tested modules.
 */
type Block =
  | { p: string }
  | { h3: string; id: string }
  | { steps: string[] }
  | { terms: { term: string; text: string }[] }
  | { code: string }
  | { tabs: string[] }
  | { links: true }
  | { widgetEndpoints: true };

/** A chapter written as blocks of text in the locale files (the chapters beyond the widget's). */
export function ProseChapter({ id, textKey, example, copy }: SectionProps & { id: string; textKey: string }) {
  const { t } = useTranslation();
  const raw = t(`docs:chapters.${textKey}.blocks`, { returnObjects: true }) as unknown;
  const blocks = Array.isArray(raw) ? (raw as Block[]) : [];
  return (
    <DocSection id={id} title={t(`docs:chapters.${textKey}.title`)}>
      {blocks.map((block, index) => {
        // A chapter's blocks are fixed and never reordered: their position is their key.
        const key = index;
        if ('p' in block) return <P key={key} text={block.p} />;
        if ('h3' in block)
          return (
            <H3 key={key} id={block.id}>
              {block.h3}
            </H3>
          );
        if ('steps' in block)
          return (
            <ol key={key} className="grid gap-3">
              {block.steps.map((step, n) => (
                <Step key={step} n={n + 1}>
                  <P text={step} />
                </Step>
              ))}
            </ol>
          );
        if ('terms' in block)
          return (
            <RefList
              key={key}
              label={t(`docs:chapters.${textKey}.title`)}
              items={block.terms.map((term) => ({ term: term.term, description: <Rich text={term.text} /> }))}
            />
          );
        if ('code' in block && isCodeExample(block.code)) {
          const code = CODE_EXAMPLES[block.code];
          return <CodeBlock key={key} caption={code.caption} code={code.code(example)} copyTexts={copy} />;
        }
        if ('tabs' in block)
          return (
            <CodeTabs key={key} names={block.tabs.filter(isCodeExample)} example={example} copy={copy} />
          );
        if ('links' in block) return <ApiLinks key={key} />;
        if ('widgetEndpoints' in block) return <WidgetEndpoints key={key} />;
        return null;
      })}
    </DocSection>
  );
}

/** The same example in several languages, one tab each (the first shown). */
function CodeTabs({ names, example, copy }: SectionProps & { names: CodeExampleKey[] }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<string>(names[0] ?? '');
  return (
    <Tabs value={language} onValueChange={setLanguage}>
      <TabsList aria-label={t('docs:handoff.examples')} className="max-w-sm">
        {names.map((name) => (
          <TabsTrigger key={name} value={name}>
            {CODE_EXAMPLES[name].label}
          </TabsTrigger>
        ))}
      </TabsList>
      {names.map((name) => (
        <TabsContent key={name} value={name} className="mt-3! grid min-w-0 gap-3">
          <CodeBlock
            caption={CODE_EXAMPLES[name].caption}
            code={CODE_EXAMPLES[name].code(example)}
            copyTexts={copy}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
