import { Fragment } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import {
  DEFAULT_COLOR,
  DEFAULT_Z_INDEX,
  PORTAL_PAGES,
  type RuntimeErrorCode,
  WIDGET_EVENTS,
  type WidgetEventName,
} from '../../../shared/widget/protocol';
import { DEFAULT_NAMESPACE } from '../../../shared/widget/snippet';
import { CodeBlock } from './code-block';
import type { SectionProps } from './docs-page';
import { COMMANDS_EXAMPLE, EVENTS_EXAMPLE } from './examples';
import { Code, DocSection, H3, P, RefList, Rich } from './ui';

const NS = DEFAULT_NAMESPACE;
/** The `page` option's type, listed once below the commands (`PORTAL_PAGES`). */
const PAGE_TYPE = 'PortalPage';

type Option = { name: string; type: string; required?: boolean; text: string };
type Command = { name: string; call: string; text: string; options?: Option[] };

/** The commands of `protocol.ts` (`WidgetCommand`) with their options, in the order a page uses them. */
function commands(t: (key: string, vars?: Record<string, unknown>) => string): Command[] {
  const page: Option = { name: 'page', type: PAGE_TYPE, text: t('docs:commands.page') };
  return [
    {
      name: 'init',
      call: `${NS}('init', { portalId, … })`,
      text: t('docs:commands.init'),
      options: [
        { name: 'portalId', type: 'string', required: true, text: t('docs:commands.initPortalId') },
        { name: 'origin', type: 'string', text: t('docs:commands.initOrigin') },
        { name: 'language', type: "'en' | 'de'", text: t('docs:commands.initLanguage') },
        { name: 'color', type: 'string', text: t('docs:commands.initColor', { color: DEFAULT_COLOR }) },
        {
          name: 'zIndex',
          type: 'number',
          text: t('docs:commands.initZIndex', { zIndex: DEFAULT_Z_INDEX }),
        },
        { name: 'preload', type: "'idle' | 'open'", text: t('docs:commands.initPreload') },
        { name: 'title', type: 'string', text: t('docs:commands.initTitle') },
      ],
    },
    {
      name: 'inline',
      call: `${NS}('inline', { element, page })`,
      text: t('docs:commands.inline'),
      options: [
        { name: 'element', type: 'string | Element', required: true, text: t('docs:commands.inlineElement') },
        page,
      ],
    },
    { name: 'popup', call: `${NS}('popup', { page })`, text: t('docs:commands.popup'), options: [page] },
    {
      name: 'floating',
      call: `${NS}('floating', { page, position, label })`,
      text: t('docs:commands.floating'),
      options: [
        page,
        {
          name: 'position',
          type: "'bottom-right' | 'bottom-left'",
          text: t('docs:commands.floatingPosition'),
        },
        { name: 'label', type: 'string', text: t('docs:commands.floatingLabel') },
      ],
    },
    { name: 'open', call: `${NS}('open', { page })`, text: t('docs:commands.open'), options: [page] },
    { name: 'close', call: `${NS}('close')`, text: t('docs:commands.close') },
    { name: 'navigate', call: `${NS}('navigate', page)`, text: t('docs:commands.navigate') },
    {
      name: 'identify',
      call: `${NS}('identify', { fetchToken })`,
      text: t('docs:commands.identify'),
      options: [
        {
          name: 'fetchToken',
          type: '() => string | Promise<string>',
          required: true,
          text: t('docs:commands.identifyFetchToken'),
        },
      ],
    },
    {
      name: 'on / off',
      call: `${NS}('on', event, callback)\n${NS}('off', event, callback)`,
      text: t('docs:commands.on'),
    },
    { name: 'destroy', call: `${NS}('destroy')`, text: t('docs:commands.destroy') },
  ];
}

/** Every command with its call, what it does and its options. */
export function CommandsSection({ copy }: SectionProps) {
  const { t } = useTranslation();
  return (
    <DocSection id="commands" title={t('docs:sections.commands')}>
      <P text={t('docs:commands.intro')} />
      <div className="grid gap-8">
        {commands(t).map((command) => (
          <div key={command.name} className="grid min-w-0 gap-2.5">
            <H3 id={`command-${command.name.split(' ')[0]}`}>
              <code className="font-mono">{command.name}</code>
            </H3>
            <pre className="rounded-lg bg-surface px-3 py-2 font-mono text-[13px] break-words whitespace-pre-wrap text-ink ring-1 ring-line ring-inset">
              {command.call}
            </pre>
            <P text={command.text} className="text-sm" />
            {command.options ? (
              <RefList
                label={t('docs:commands.options', { command: command.name })}
                items={command.options.map((option) => ({
                  term: option.name,
                  note: option.required ? `${option.type} · ${t('docs:commands.required')}` : option.type,
                  description: <Rich text={option.text} />,
                }))}
              />
            ) : null}
          </div>
        ))}
      </div>
      <p className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1 text-sm">
        <Rich text={t('docs:commands.pages')} />
        {PORTAL_PAGES.map((page, index) => (
          <Fragment key={page}>
            <Code>{page}</Code>
            {index < PORTAL_PAGES.length - 1 ? <span aria-hidden="true">·</span> : null}
          </Fragment>
        ))}
      </p>
      <CodeBlock caption="JavaScript" code={COMMANDS_EXAMPLE} copyTexts={copy} />
      <P text={t('docs:commands.errors')} className="text-sm" />
    </DocSection>
  );
}

/** The data of each event (`WidgetEventMap`) and its text key; typed so a new event cannot be forgotten. */
const EVENTS: Record<WidgetEventName, { data: string; key: string }> = {
  ready: { data: '{ signedIn: boolean }', key: 'ready' },
  open: { data: '{}', key: 'open' },
  close: { data: '{}', key: 'close' },
  resize: { data: '{ height: number }', key: 'resize' },
  route: { data: '{ path: string }', key: 'route' },
  login: {
    data: "{ client: { id, name, email }, method: 'password' | 'magic_link' | 'handoff' }",
    key: 'login',
  },
  logout: { data: '{}', key: 'logout' },
  error: { data: '{ code: string, message?: string }', key: 'error' },
  'message.received': { data: '{ projectId: string, messageId: string }', key: 'messageReceived' },
  'invoice.paid': { data: '{ invoiceId: string }', key: 'invoicePaid' },
  'quote.accepted': { data: '{ quoteId: string }', key: 'quoteAccepted' },
  'file.status_changed': { data: '{ fileId: string, status: string }', key: 'fileStatusChanged' },
  'booking.created': { data: '{ bookingId: string, startsAt: string }', key: 'bookingCreated' },
  'booking.cancelled': { data: '{ bookingId: string }', key: 'bookingCancelled' },
};

const RUNTIME_ERRORS: Record<RuntimeErrorCode, string> = {
  not_initialized: 'notInitialized',
  invalid_options: 'invalidOptions',
  element_not_found: 'elementNotFound',
  frame_unresponsive: 'frameUnresponsive',
  identify_failed: 'identifyFailed',
  origin_not_allowed: 'originNotAllowed',
};

/** Every event with its data, both ways of listening, and the error codes. */
export function EventsSection({ copy }: SectionProps) {
  const { t } = useTranslation();
  return (
    <DocSection id="events" title={t('docs:sections.events')}>
      <P text={t('docs:events.intro')} />
      <RefList
        label={t('docs:events.list')}
        items={WIDGET_EVENTS.map((name) => ({
          term: name,
          description: (
            <span className="grid gap-1">
              <span>
                <Rich text={t(`docs:events.${EVENTS[name].key}`)} />
              </span>
              <code className="font-mono text-xs break-words text-subtle">{EVENTS[name].data}</code>
            </span>
          ),
        }))}
      />
      <P text={t('docs:events.invoicePaidWhen')} />
      <CodeBlock caption="JavaScript" code={EVENTS_EXAMPLE} copyTexts={copy} />
      <H3 id="error-codes">{t('docs:events.errorCodesTitle')}</H3>
      <RefList
        label={t('docs:events.errorCodes')}
        items={[
          ...Object.entries(RUNTIME_ERRORS).map(([code, key]) => ({
            term: code,
            description: <Rich text={t(`docs:events.${key}`)} />,
          })),
          {
            term: 'handoff_…',
            description: (
              <a href="#handoff-errors" className="text-primary hover:underline">
                {t('docs:events.handoffCodes')}
              </a>
            ),
          },
        ]}
      />
    </DocSection>
  );
}
