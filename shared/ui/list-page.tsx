import { type LucideIcon, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import type { Column } from './data-table';
import { ListTable } from './list-table';
import { ListToolbar, type ToolbarFilter } from './list-toolbar';
import { PageHeader } from './page-header';
import { ListEmpty, prerequisite } from './state-panel';
import type { CursorList } from './use-cursor-list';
import { useDocumentTitle } from './use-document-title';
import type { ListState } from './use-list-url';

/**
 * A section's list page, whole: the document title and the header (`title`, `subtitle`), the toolbar
 * over the URL state (`search.label`, `search.placeholder`, the filters and the sort), optional status
 * chips, and the table over the cursor query with its loading, error (`error.title`) and empty states
 * (`ListEmpty`'s keys) — all by the section's standard keys through `t`. A section passes its columns,
 * its query and what is its own (filters, actions, the first action of an empty list), nothing more.
 * `create` adds the section's Add button (`add`), in the header and in the empty list; when creating needs
 * another list first (`create.needs`), the button waits for it and the empty list says what is missing.
 *
 * @example
 * <ListPage t={t} params={params} query={list} columns={clientColumns(t, lang)} rowKey={(c) => c.id}
 *   card={(c) => <ClientCard client={c} />} empty={{ icon: Users, action: add }} actions={add} />
 */
export function ListPage<Row>({
  t,
  params,
  query,
  columns,
  rowKey,
  card,
  sortable = true,
  actions,
  filters,
  sortFields,
  chips,
  above,
  empty,
  create,
}: {
  t: (key: string) => string;
  params: ListState;
  query: CursorList<Row>;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  card: (row: Row) => ReactNode;
  /** Whether the column headers sort (the list's `sortState`). */
  sortable?: boolean;
  actions?: ReactNode;
  filters?: readonly ToolbarFilter[];
  sortFields?: readonly { value: string; label: string }[];
  create?: {
    onCreate: () => void;
    needs?: {
      list: { isSuccess: boolean; isPending: boolean; data?: readonly unknown[] };
      icon: LucideIcon;
      to: string;
    };
  };
  /** Under the toolbar: the status chips. */
  chips?: ReactNode;
  /** Between the header and the toolbar (an upload panel). */
  above?: ReactNode;
  empty: { icon: LucideIcon; action?: ReactNode; noResultsBody?: string };
}) {
  useDocumentTitle(t('title'));
  const needs = create?.needs;
  const needed = needs ? prerequisite(needs.list) : { met: true, missing: false };
  const add = create ? (
    <Button onClick={create.onCreate} disabled={!needed.met}>
      <Plus aria-hidden="true" className="size-4" />
      {t('add')}
    </Button>
  ) : null;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            {needed.met ? add : null}
            {actions}
          </>
        }
      />
      {above}
      <div className="grid gap-3">
        <ListToolbar
          params={params}
          searchLabel={t('search.label')}
          searchPlaceholder={t('search.placeholder')}
          filters={filters}
          sortFields={sortFields}
        />
        {chips}
      </div>
      <ListTable
        label={t('title')}
        columns={columns}
        rowKey={rowKey}
        card={card}
        sort={sortable ? params.sortState : undefined}
        query={needs?.list.isPending ? { ...query, items: undefined, isError: false } : query}
        errorTitle={t('error.title')}
        empty={
          <ListEmpty
            t={t}
            filtered={params.filtered}
            onClear={params.clear}
            action={add}
            {...empty}
            {...(needs ? { needs: { icon: needs.icon, to: needs.to, missing: needed.missing } } : {})}
          />
        }
      />
    </div>
  );
}
