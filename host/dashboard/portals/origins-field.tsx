import type { TFunction } from 'i18next';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { AllowedOrigin } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

/** The API's limit of allowed origins per portal. */
export const MAX_ORIGINS = 10;

/** The origin list editor's state: the saved-to-be list, the text being typed and its problem. */
export type OriginsState = { list: string[]; draft: string; problem: string | null };

/**
 * Adds the typed origin to the list, validated and normalised with the shared contract
 * (`scheme://host[:port]` only: a path, wildcard or list is refused with the contract's message); an empty draft leaves the state as it is. The problem is
 * translated already.
 */
export function addDraftOrigin(state: OriginsState, t: TFunction): OriginsState {
  if (!state.draft.trim()) return { ...state, problem: null };
  const parsed = AllowedOrigin.safeParse(state.draft);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message ?? '';
    return { ...state, problem: t(key.startsWith('validation.') ? key : 'validation.originInvalid') };
  }
  if (state.list.includes(parsed.data))
    return { ...state, problem: t('portals:origins.duplicate', { origin: parsed.data }) };
  if (state.list.length >= MAX_ORIGINS) return { ...state, problem: t('validation.tooManyOrigins') };
  return { list: [...state.list, parsed.data], draft: '', problem: null };
}

/**
 * The website origins allowed to embed the portal: an input that adds one origin at a time and the list
 * with a remove button per origin. Enter adds, without submitting the surrounding form; the form adds a
 * pending draft itself on save, so a typed origin is never lost.
 */
export function OriginsField({
  state,
  onChange,
  error,
}: {
  state: OriginsState;
  onChange: (state: OriginsState) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { list: origins, draft, problem } = state;
  const full = origins.length >= MAX_ORIGINS;
  const shown = problem ?? error ?? null;
  const add = () => onChange(addDraftOrigin(state, t));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-input`}>{t('portals:origins.label')}</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-input`}
            type="url"
            inputMode="url"
            placeholder="https://www.example.com"
            value={draft}
            disabled={full}
            onChange={(event) => onChange({ ...state, draft: event.target.value, problem: null })}
            onKeyDown={onKeyDown}
            aria-invalid={shown ? true : undefined}
            aria-describedby={[`${id}-hint`, shown ? `${id}-error` : ''].filter(Boolean).join(' ')}
          />
          <Button variant="secondary" onClick={add} disabled={full || !draft.trim()}>
            <Plus aria-hidden="true" className="size-4" />
            {t('portals:origins.add')}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-subtle">
          {full ? t('validation.tooManyOrigins') : t('portals:origins.hint')}
        </p>
        {shown ? (
          <p id={`${id}-error`} className="text-sm text-danger">
            {shown}
          </p>
        ) : null}
      </div>
      {origins.length > 0 ? (
        <ul aria-label={t('portals:origins.listLabel')} className="grid gap-2">
          {origins.map((origin) => (
            <li
              key={origin}
              className="flex items-center justify-between gap-2 rounded-lg border border-line bg-surface py-1 pr-1 pl-3"
            >
              <span className="min-w-0 truncate font-mono text-sm">{origin}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('portals:origins.remove', { origin })}
                title={t('portals:origins.remove', { origin })}
                onClick={() =>
                  onChange({ ...state, list: origins.filter((o) => o !== origin), problem: null })
                }
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('portals:origins.none')}</p>
      )}
    </div>
  );
}
