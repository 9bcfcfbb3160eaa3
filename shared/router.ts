/**
 * The router every app imports (host, remotes, portal): only the parts of `react-router` the apps use.
 * This module, not the `react-router` package, is the Module Federation singleton (share key
 * `@platform/router`), so `react-router` is tree-shaken inside it instead of shipping whole. Import routing
 * from here, never from 'react-router' directly; add an export here when an app needs more.
 */
export type { Location, NavigateFunction, NavigateOptions, To } from 'react-router';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
