/**
 * The React binding every app imports (host, remotes, portal): only the parts of `react-i18next` the apps
 * use. This module, not the `react-i18next` package, is the Module Federation singleton (share key
 * `@platform/i18n-react`), so `react-i18next` is tree-shaken inside it (no `Trans` parser etc. in the first
 * load) and still exists once, bound to the one shared `i18next` instance. Import from here, never from
 * 'react-i18next' directly; add an export here when an app needs more.
 */
export { initReactI18next, useTranslation } from 'react-i18next';
