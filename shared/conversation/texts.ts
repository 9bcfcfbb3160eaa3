/**
 * The conversation's own texts, by key. Each app passes a `translate` function that maps them to its locale
 * files (the dashboard's `messages:conversation.*`, the portal's own JSON), so the component carries no i18n
 * runtime. `CONVERSATION_TEXT_KEYS` lets each app's locale test check that it has every one.
 */
export const CONVERSATION_TEXT_KEYS = [
  'threadLabel',
  'loading',
  'loadingOlder',
  'loadOlderFailed',
  'beginning',
  'unreadMarker',
  'jumpToLatest',
  'empty',
  'emptyBody',
  'loadFailed',
  'tryAgain',
  'you',
  'sending',
  'waiting',
  'notSent',
  'retry',
  'discard',
  'composerLabel',
  'composerPlaceholder',
  'composerHint',
  'send',
  'tooLong',
  'offline',
  'sent',
  'sendFailed',
  'today',
  'yesterday',
] as const;

export type ConversationTextKey = (typeof CONVERSATION_TEXT_KEYS)[number];

/** Maps one of the conversation's keys (with `{{vars}}`) to the app's text in its current language. */
export type ConversationTranslate = (
  key: ConversationTextKey,
  vars?: Record<string, string | number>,
) => string;
