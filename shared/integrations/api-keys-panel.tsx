import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, Copy, KeyRound, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { callApi } from '../api/call';
import { api } from '../api/client';
import { describeFailure } from '../api/describe';
import {
  API_KEY_FAMILIES,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyCreated,
  ApiKeyCreateInput,
  type ApiKeyFamily,
  type ApiKeyPage,
  type ApiKeyStatus,
  accessOf,
  READ_ONLY_FAMILIES,
  scopesOf,
} from '../contracts/api-keys';
import { formatDate, formatRelativeTime, parseCalendarDay } from '../format/date';
import { useTranslation } from '../i18n/react';
import { Button } from '../ui/button';
import { type Column, DataTable, TableSkeleton } from '../ui/data-table';
import { DateField } from '../ui/date-field';
import { DeleteDialog } from '../ui/delete-dialog';
import { Dialog } from '../ui/dialog';
import { EntityFormDialog, useEntityForm } from '../ui/entity-form-dialog';
import { Field } from '../ui/field';
import { LoadFailedPanel } from '../ui/load-failed';
import { SelectField } from '../ui/select-field';
import { StatusBadge, type StatusMap } from '../ui/status-badge';
import { toast } from '../ui/toaster';
import { useCursorList } from '../ui/use-cursor-list';

/*
 * The provider's API keys (issue 27) as one panel: the list (name, prefix, scopes, created, last use with
 * its address, expiry, status), creating a key (name, optional expiry day, none/read/read-write per
 * family) with its secret shown once, and revoking with a confirmation. Settings shows it; the
 * Integrations page embeds the same panel. Texts: the `settings` namespace (`settings:apiKeys.*`).
 */

/** The list's query key (the panel's own; invalidated after a creation or a revocation). */
export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

const STATUS: StatusMap<ApiKeyStatus> = {
  active: { label: 'status.active', tone: 'success' },
  expired: { label: 'status.expired', tone: 'warning' },
  revoked: { label: 'status.revoked', tone: 'neutral' },
};

export function ApiKeysPanel() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const k = (key: string, values?: Record<string, unknown>) => t(`settings:apiKeys.${key}`, values);
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = useCursorList<ApiKeyPage>({
    queryKey: API_KEYS_QUERY_KEY,
    fetchPage: (cursor, signal) =>
      callApi(
        api.GET('/api/api-keys', {
          params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
  const live = (list.items ?? []).filter((key) => key.status === 'active').length;

  const scopesText = (key: ApiKey) =>
    API_KEY_FAMILIES.flatMap((family) => {
      const access = accessOf(key.scopes, family);
      return access === 'none' ? [] : [`${k(`families.${family}`)}: ${k(`access.${access}`)}`];
    }).join(', ');
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt
      ? [formatRelativeTime(key.lastUsedAt, lang), key.lastUsedIp].filter(Boolean).join(' · ')
      : k('neverUsed');
  const expiry = (key: ApiKey) => (key.expiresAt ? formatDate(key.expiresAt, lang) : k('noExpiry'));
  const revokeButton = (key: ApiKey) =>
    key.status === 'revoked' ? null : (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setRevoking(key)}
        aria-label={k('revokeNamed', { name: key.name })}
      >
        {k('revoke')}
      </Button>
    );
  const tr = (key: string) => k(key);

  const columns: Column<ApiKey>[] = [
    {
      id: 'name',
      header: k('columns.nameStatus'),
      long: (key) => key.name,
      cell: (key) => (
        <span className="grid justify-items-start gap-1">
          <span className="line-clamp-2 font-medium break-words">{key.name}</span>
          <code className="text-xs text-muted">{key.prefix}…</code>
          <StatusBadge status={key.status} map={STATUS} t={tr} />
        </span>
      ),
    },
    { id: 'scopes', header: k('columns.scopes'), cell: scopesText, className: 'text-muted' },
    {
      id: 'dates',
      header: k('columns.dates'),
      cell: (key) => (
        <span className="grid gap-0.5 whitespace-nowrap">
          <span>{formatDate(key.createdAt, lang)}</span>
          <span className="text-xs text-subtle">
            {k('columns.expires')}: {expiry(key)}
          </span>
        </span>
      ),
      className: 'text-muted',
    },
    {
      id: 'lastUsed',
      header: k('columns.lastUsed'),
      cell: (key) => (
        <span className="grid gap-0.5">
          <span className="whitespace-nowrap">
            {key.lastUsedAt ? formatRelativeTime(key.lastUsedAt, lang) : k('neverUsed')}
          </span>
          {key.lastUsedIp ? <span className="text-xs break-all text-subtle">{key.lastUsedIp}</span> : null}
        </span>
      ),
      className: 'text-muted',
    },
    { id: 'actions', header: k('columns.actions'), align: 'right', cell: revokeButton },
  ];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{k('count', { count: live, max: API_KEYS_MAX })}</p>
        <Button onClick={() => setCreating(true)} disabled={live >= API_KEYS_MAX}>
          <Plus aria-hidden="true" className="size-4" />
          {k('create')}
        </Button>
      </div>
      {list.isError ? (
        <LoadFailedPanel
          title={k('loadFailed')}
          body={describeFailure(t, list.error)}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : !list.items ? (
        <TableSkeleton columns={4} rows={2} />
      ) : list.items.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-line p-6 text-center">
          <KeyRound aria-hidden="true" className="size-6 text-subtle" />
          <p className="font-medium">{k('emptyTitle')}</p>
          <p className="text-sm text-muted">{k('emptyBody')}</p>
        </div>
      ) : (
        <DataTable
          label={k('listLabel')}
          columns={columns}
          rows={list.items}
          rowKey={(key) => key.id}
          card={(key) => (
            <div className="grid gap-1.5 p-4">
              <div className="flex items-start justify-between gap-3">
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-medium break-words">{key.name}</span>
                  <code className="text-xs text-muted">{key.prefix}…</code>
                </span>
                <StatusBadge status={key.status} map={STATUS} t={tr} />
              </div>
              <p className="text-sm text-muted">{scopesText(key)}</p>
              <p className="text-sm text-muted">
                {k('columns.created')}: {formatDate(key.createdAt, lang)} · {k('columns.expires')}:{' '}
                {expiry(key)}
              </p>
              <p className="text-sm text-muted">
                {k('columns.lastUsed')}: {lastUsed(key)}
              </p>
              <div>{revokeButton(key)}</div>
            </div>
          )}
        />
      )}
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('settings:apiKeys.loadMore')}
          </Button>
        </div>
      ) : null}
      {creating ? (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreated(result);
            refresh();
          }}
        />
      ) : null}
      {created ? <SecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      <DeleteDialog
        t={(key, values) => k(`revokeDialog.${key}`, values)}
        name={revoking?.name ?? ''}
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        remove={() =>
          callApi(() =>
            api.DELETE('/api/api-keys/{keyId}', { params: { path: { keyId: revoking?.id ?? '' } } }),
          )
        }
        onFailure={(error) =>
          toast.error(k('revokeDialog.toast.deleteFailed'), { description: describeFailure(t, error) })
        }
        onDeleted={() => {
          setRevoking(null);
          refresh();
        }}
      />
    </div>
  );
}

type FormValues = { name: string; expiresOn: string; access: Record<ApiKeyFamily, ApiKeyAccess> };

/** The end of a calendar day in the browser's time zone, as the API's ISO time. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: ApiKeyCreated) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const k = (key: string, values?: Record<string, unknown>) => t(`settings:apiKeys.${key}`, values);
  const form = useEntityForm<FormValues, 'name' | 'expiresAt' | 'scopes'>({
    initial: () => ({
      name: '',
      expiresOn: '',
      access: Object.fromEntries(API_KEY_FAMILIES.map((family) => [family, 'none'])) as FormValues['access'],
    }),
    fields: ['name', 'expiresAt', 'scopes'],
    errorOf: { expiresOn: 'expiresAt', access: 'scopes' },
    t,
  });
  const scopesError = form.error('access');
  const scopesErrorId = useId();

  async function submit() {
    const day = form.values.expiresOn.trim();
    const parsedDay = day
      ? (parseCalendarDay(day, lang) ?? (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null))
      : null;
    if (day && !parsedDay) {
      form.invalid('expiresOn', 'validation.dateInvalid');
      return false;
    }
    const expiresAt = parsedDay ? endOfDay(parsedDay) : null;
    if (expiresAt && new Date(expiresAt).getTime() <= Date.now()) {
      form.invalid('expiresOn', 'validation.apiKeyExpiryPast');
      return false;
    }
    const body = form.check(ApiKeyCreateInput, {
      name: form.values.name,
      expiresAt,
      scopes: scopesOf(form.values.access),
    });
    if (!body) return false;
    onCreated((await callApi(() => api.POST('/api/api-keys', { body }))) as ApiKeyCreated);
    return true;
  }

  return (
    <EntityFormDialog
      form={form}
      title={k('form.title')}
      description={k('form.description')}
      submitLabel={k('form.submit')}
      failedTitle={k('form.failed')}
      errorCodes={{ api_key_limit: 'name' }}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-lg"
    >
      <Field
        label={k('form.name')}
        hint={k('form.nameHint')}
        {...form.field('name')}
        required
        maxLength={80}
      />
      <DateField
        label={k('form.expiresOn')}
        hint={k('form.expiresOnHint')}
        name="expiresOn"
        lang={lang}
        value={form.values.expiresOn}
        onChange={(value) => form.setValue('expiresOn', value)}
        error={form.error('expiresOn')}
      />
      <fieldset className="grid gap-3" aria-describedby={scopesError ? scopesErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium">{k('form.scopes')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {API_KEY_FAMILIES.map((family) => (
            <SelectField
              key={family}
              label={k(`families.${family}`)}
              name={`scope-${family}`}
              value={form.values.access[family]}
              onChange={(event) =>
                form.setValue('access', {
                  ...form.values.access,
                  [family]: event.target.value as ApiKeyAccess,
                })
              }
              options={(READ_ONLY_FAMILIES.has(family)
                ? (['none', 'read'] as const)
                : (['none', 'read', 'write'] as const)
              ).map((access) => ({
                value: access,
                label: k(`access.${access}`),
              }))}
            />
          ))}
        </div>
        {scopesError ? (
          <p id={scopesErrorId} role="alert" className="text-sm text-danger">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
    </EntityFormDialog>
  );
}

/** The new key's secret, this once: a warning, the secret to select or copy, and Done. */
function SecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`settings:apiKeys.${key}`, values);
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success(k('secret.copied'));
    } catch {
      toast.error(k('secret.copyFailed'), { description: created.secret });
    }
  }
  const Icon = copied ? Check : Copy;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={k('secret.title', { name: created.apiKey.name })}
      className="max-w-lg"
    >
      <div className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning" role="note">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{k('secret.warning')}</p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {k('secret.label')}
        </label>
        <div className="flex min-w-0 items-center gap-2">
          <input
            id={id}
            readOnly
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 font-mono text-xs text-ink focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20"
          />
          <Button variant="secondary" size="icon" onClick={() => void copy()} aria-label={k('secret.copy')}>
            <Icon aria-hidden="true" className={copied ? 'size-4 text-success' : 'size-4'} />
          </Button>
        </div>
        <p className="text-xs text-subtle">{k('secret.usage')}</p>
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>{k('secret.done')}</Button>
      </div>
    </Dialog>
  );
}
