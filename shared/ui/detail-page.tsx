import type { ReactNode } from 'react';
import { DetailLoadFailed } from './load-failed';
import { DetailSkeleton } from './page-skeletons';

/** What a detail page reads of its query (a TanStack query result). */
type DetailQuery<Data> = {
  data: Data | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * A detail page's states around its content: the skeleton while it loads, "does not exist" or the failure
 * with Retry (`DetailLoadFailed`, the section's standard keys through `t`), else `children` with the data.
 *
 * @example
 * <DetailPage query={useProject(projectId)} t={t}>{(project) => <ProjectView project={project} />}</DetailPage>
 */
export function DetailPage<Data>({
  query,
  t,
  children,
}: {
  query: DetailQuery<Data>;
  t: (key: string) => string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError && query.data === undefined)
    return (
      <DetailLoadFailed
        error={query.error}
        t={t}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data === undefined) return <DetailSkeleton />;
  return <div className="grid gap-6">{children(query.data)}</div>;
}
