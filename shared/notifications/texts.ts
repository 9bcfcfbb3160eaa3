/**
 * The notification sheet's texts by key (spec §2, §8): each app maps them to its locale files through the
 * `t` prop (the dashboard: `notifications.*`), so the sheet carries no i18n runtime.
 */
export const NOTIFICATION_TEXT_KEYS = [
  'title',
  'description',
  'new',
  'earlier',
  'markAllRead',
  'emptyTitle',
  'emptyBody',
  'close',
  'loading',
  'loadFailed',
  'retry',
] as const;

export type NotificationTextKey = (typeof NOTIFICATION_TEXT_KEYS)[number];
export type NotificationTranslate = (key: NotificationTextKey) => string;
