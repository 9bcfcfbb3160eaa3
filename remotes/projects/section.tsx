import { lazy } from 'react';
import { SectionRoutes } from '../../shared/ui/section-routes';
import { useProjectTexts } from './i18n';
import { ProjectList } from './project-list';

/** The project page (tabs, dialogs and zod) is its own chunk: the list is what most visits need. */
const ProjectPage = lazy(() => import('./project-page'));

export const PROJECTS_BASE = '/dashboard/projects';

/**
 * The Projects section (spec §3, issue 19), exposed as `projects/Section` and mounted by the host under
 * `/dashboard/projects/*`, inside the host's router, QueryClient and i18n. Routes are relative: the list at
 * the section root, a project at `:projectId` (its tab in `?tab=`). Renders a skeleton until its texts
 * (namespace `projects`, only the active language) are registered.
 */
export default function ProjectsSection() {
  const { ready } = useProjectTexts();
  return (
    <SectionRoutes
      ready={ready}
      base={PROJECTS_BASE}
      list={<ProjectList />}
      pages={{ ':projectId': <ProjectPage /> }}
    />
  );
}
