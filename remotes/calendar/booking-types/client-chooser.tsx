import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { useClientOptions } from './api';
import { useBookingTexts } from './texts';

/** How many matches the chooser lists at once (search narrows the rest). */
const SHOWN = 50;

/**
 * Chooses which of the provider's clients may book a type: the chosen ones as removable chips, a search
 * over name, e-mail and company, and the matches as checkboxes.
 */
export function ClientChooser({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Names of clients already chosen (from the saved type), shown before the list has loaded. */
  known: { id: string; name: string }[];
  error?: string | undefined;
}) {
  const { t } = useBookingTexts();
  const id = useId();
  const [search, setSearch] = useState('');
  const clients = useClientOptions();
  const names = new Map([...known, ...(clients.data ?? [])].map((c) => [c.id, c.name]));
  const term = search.trim().toLowerCase();
  const matches = (clients.data ?? []).filter((c) =>
    [c.name, c.email, c.company ?? ''].some((s) => s.toLowerCase().includes(term)),
  );
  const toggle = (clientId: string, on: boolean) =>
    onChange(on ? [...value, clientId] : value.filter((v) => v !== clientId));
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="sr-only">{t('clients.legend')}</legend>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('clients.chosen', { count: value.length })}>
          {value.map((clientId) => (
            <li
              key={clientId}
              className="flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pr-1 pl-3 text-sm"
            >
              {names.get(clientId) ?? '…'}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={t('clients.remove', { name: names.get(clientId) ?? '' })}
                onClick={() => toggle(clientId, false)}
              >
                <X aria-hidden="true" className="size-3.5" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Field
        label={t('clients.search')}
        name="clientSearch"
        type="search"
        value={search}
        placeholder={t('clients.searchPlaceholder')}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
      />
      {clients.isPending ? (
        <Spinner size="sm" />
      ) : clients.isError ? (
        <p className="text-sm text-danger">{t('clients.loadFailed')}</p>
      ) : matches.length === 0 ? (
        <p className="text-sm text-muted">{t('clients.none')}</p>
      ) : (
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-line p-2">
          {matches.slice(0, SHOWN).map((c) => (
            <li key={c.id}>
              <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={value.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                <span className="grid min-w-0">
                  <span className="truncate text-sm font-medium">{c.name}</span>
                  <span className="truncate text-xs text-muted">{c.company ?? c.email}</span>
                </span>
              </label>
            </li>
          ))}
          {matches.length > SHOWN ? (
            <li className="px-2 py-1 text-xs text-muted">
              {t('clients.more', { count: matches.length - SHOWN })}
            </li>
          ) : null}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
