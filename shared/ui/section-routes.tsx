import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from '../router';
import { DetailSkeleton, ListPageSkeleton } from './page-skeletons';

/**
 * A section's routes, relative to where the host mounts it: the list at the root, its pages (lazy chunks,
 * a detail skeleton while one loads) at their paths, and anything else back to the list. Until the
 * section's texts are there (`ready`), the list's skeleton.
 *
 * @example
 * <SectionRoutes ready={ready} base="/dashboard/projects" list={<ProjectList />} pages={{ ':projectId': <ProjectPage /> }} />
 */
export function SectionRoutes({
  ready,
  base,
  list,
  pages,
}: {
  ready: boolean;
  base: string;
  list: ReactNode;
  pages: Record<string, ReactNode>;
}) {
  if (!ready) return <ListPageSkeleton />;
  return (
    <Routes>
      <Route index element={list} />
      {Object.entries(pages).map(([path, page]) => (
        <Route key={path} path={path} element={<Suspense fallback={<DetailSkeleton />}>{page}</Suspense>} />
      ))}
      <Route path="*" element={<Navigate to={base} replace />} />
    </Routes>
  );
}
