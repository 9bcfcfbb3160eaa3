import { Pencil, Trash2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../shared/router';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { DetailPage } from '../../shared/ui/detail-page';
import { DetailHeader } from '../../shared/ui/page-header';
import { DetailSkeleton } from '../../shared/ui/page-skeletons';
import { StatusBadge } from '../../shared/ui/status-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { ActivityTab } from './activity-tab';
import { type Project, useClientOptions, useDeleteProject, useProject } from './api';
import { formatDates } from './format';
import { useProjectTexts } from './i18n';
import { MessagesTab } from './messages-tab';
import { OverviewTab } from './overview-tab';
import { PROJECT_STATUS } from './status';

const ProjectFormDialog = lazy(() => import('./project-form-dialog'));
/** The project's invoices (the invoices cache of `shared/invoices`), on first open. */
const ProjectInvoices = lazy(() => import('./invoices-tab'));
/** The project's files: the shared file components (`@platform/files`, one copy with the files section), on first open. */
const ProjectFiles = lazy(() =>
  import('../../shared/files/dashboard-project-files').then((module) => ({
    default: module.DashboardProjectFiles,
  })),
);

/** One tab of the project page: `id` is its `?tab=` value, `label` an i18n key of this section. */
export type ProjectTab = { id: string; label: string; render: (project: Project) => ReactNode };

/**
 * The project page's tabs, in order; the first is the default. Messages is the shared conversation
 * component, Files the shared file list with upload (`shared/files`), Invoices the project's invoices with
 * "New invoice" for it (`invoices-tab.tsx`).
 */
export const PROJECT_TABS: ProjectTab[] = [
  { id: 'overview', label: 'detail.overview', render: (project) => <OverviewTab project={project} /> },
  { id: 'messages', label: 'detail.messages', render: (project) => <MessagesTab projectId={project.id} /> },
  {
    id: 'files',
    label: 'detail.files',
    render: (project) => (
      <Suspense fallback={<DetailSkeleton />}>
        <ProjectFiles projectId={project.id} />
      </Suspense>
    ),
  },
  {
    id: 'invoices',
    label: 'detail.invoices',
    render: (project) => (
      <Suspense fallback={<DetailSkeleton />}>
        <ProjectInvoices project={project} />
      </Suspense>
    ),
  },
  { id: 'activity', label: 'detail.activity', render: (project) => <ActivityTab projectId={project.id} /> },
];

type Open = 'edit' | 'delete' | null;

/** One project (route `:projectId`, tab in `?tab=`): its header, actions and tabs. */
export default function ProjectPage() {
  const { t } = useProjectTexts();
  const { projectId = '' } = useParams();
  const detail = useProject(projectId);
  useDocumentTitle(detail.data?.name ?? t('title'));
  return (
    <DetailPage query={detail} t={(key) => t(key)}>
      {(project) => <ProjectView project={project} />}
    </DetailPage>
  );
}

function ProjectView({ project }: { project: Project }) {
  const { t, lang } = useProjectTexts();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState<Open>(null);
  // The client picker only matters once the form opens.
  const clients = useClientOptions();
  const remove = useDeleteProject();
  const tabParam = searchParams.get('tab');
  const tab = PROJECT_TABS.find((candidate) => candidate.id === tabParam) ?? PROJECT_TABS[0];

  return (
    <>
      <DetailHeader
        back={{ label: t('detail.back') }}
        title={project.name}
        badge={<StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />}
        meta={
          <p className="text-sm text-muted">
            {project.client.name} · {formatDates(project, t, lang)}
          </p>
        }
        actions={[
          { label: t('detail.edit'), icon: Pencil, onClick: () => setOpen('edit') },
          { label: t('detail.delete'), icon: Trash2, variant: 'danger', onClick: () => setOpen('delete') },
        ]}
      />
      {tab ? (
        // One block: the page's gap does not come between the tab list and its panel.
        <div>
          <Tabs
            value={tab.id}
            onValueChange={(next) =>
              setSearchParams(
                (current) => {
                  const params = new URLSearchParams(current);
                  if (next === PROJECT_TABS[0]?.id) params.delete('tab');
                  else params.set('tab', next);
                  return params;
                },
                { replace: true },
              )
            }
          >
            {/* Five tabs: a row that scrolls sideways on a phone rather than squeezing the labels. */}
            <TabsList aria-label={t('detail.tabs')} className="overflow-x-auto sm:max-w-xl">
              {PROJECT_TABS.map((candidate) => (
                <TabsTrigger key={candidate.id} value={candidate.id} className="whitespace-nowrap">
                  {t(candidate.label)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab.id}>{tab.render(project)}</TabsContent>
          </Tabs>
        </div>
      ) : null}
      {open === 'edit' ? (
        <Suspense fallback={null}>
          <ProjectFormDialog project={project} clients={clients.data ?? []} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
      {/* The toast says how many invoices the API kept without the project. */}
      <DeleteDialog
        t={t}
        name={project.name}
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        remove={() => remove.mutateAsync(project.id)}
        doneDetail={(result) =>
          result.keptInvoices ? t('toast.keptInvoices', { count: result.keptInvoices }) : undefined
        }
        onDeleted={() => navigate('..', { replace: true })}
      />
    </>
  );
}
