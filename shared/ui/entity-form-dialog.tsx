import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { useKitTexts } from './kit-texts';
import { toast } from './toaster';

/** What the API's errors carry (`shared/api/error.ts`), read by shape: a remote's errors are its own class. */
type ApiErrorShape = {
  status?: number;
  code?: string;
  message?: string;
  fields?: { path: string; key: string; message?: string }[];
};

/** A zod schema, as far as the form needs one (the kit itself loads no zod). */
type Schema<Out> = {
  safeParse: (
    input: unknown,
  ) =>
    | { success: true; data: Out }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * The state of an entity's form: its values, the errors by the API's field names (what the contract and
 * the server both report), and the wiring between them. An input's error follows its edits (cleared as it
 * changes); after a failed check or save the first field in error gets the focus.
 *
 * @example
 * const form = useEntityForm({ initial: () => ({ name: client?.name ?? '' }), fields: ['name', 'email'], t });
 * <Field label={t('form.name')} value={form.values.name} onChange={form.set('name')} error={form.error('name')} />
 */
export function useEntityForm<Values extends Record<string, unknown>, Field extends string>(options: {
  initial: () => Values;
  /** The API fields whose errors the form shows. */
  fields: readonly Field[];
  /** Inputs whose errors come under another API name (a budget typed as text reports `budgetCents`). */
  errorOf?: Partial<Record<keyof Values, Field>>;
  /** The section's `t`: the contract's messages are i18n keys. */
  t: (key: string) => string;
}) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const ref = useRef<HTMLFormElement>(null);
  const fieldOf = (input: keyof Values) => options.errorOf?.[input] ?? (input as unknown as Field);

  function focusFirstError() {
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function show(next: Partial<Record<Field, string>>) {
    setErrors(next);
    if (Object.keys(next).length > 0) focusFirstError();
  }

  function setValue<Key extends keyof Values>(input: Key, value: Values[Key]) {
    setValues((current) => ({ ...current, [input]: value }));
    setErrors((current) => ({ ...current, [fieldOf(input)]: undefined }));
  }

  return {
    ref: ref as RefObject<HTMLFormElement | null>,
    values,
    setValue,
    /** The change handler of a text input, select or textarea bound to `input`. */
    set: (input: keyof Values) => (event: { target: { value: string } }) =>
      setValue(input, event.target.value as Values[keyof Values]),
    /** The translated error shown at `input`. */
    error: (input: keyof Values) => errors[fieldOf(input)],
    /**
     * What a text field, select or textarea bound to `input` takes: its name, value, change handler and
     * error. @example <Field label={t('form.name')} {...form.field('name')} required />
     */
    field: (input: keyof Values & string) => ({
      name: input,
      value: String(values[input] ?? ''),
      onChange: (event: { target: { value: string } }) =>
        setValue(input, event.target.value as Values[keyof Values & string]),
      error: errors[fieldOf(input)],
    }),
    /** Shows the text of `key` at `input` (a check the contract does not make). */
    invalid(input: keyof Values, key: string) {
      show({ [fieldOf(input)]: options.t(key) } as Partial<Record<Field, string>>);
    },
    /** Checks `body` with the API's own contract: the parsed body, or null with the errors shown. */
    check<Out>(schema: Schema<Out>, body: unknown): Out | null {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (options.fields.includes(field) && !next[field]) next[field] = options.t(issue.message);
      }
      show(next);
      return null;
    },
    /**
     * Puts a failed save's field errors at their fields (the server's messages are already translated);
     * `codes` names the field of an error code (409 `client_email_taken` → `email`). Whether any landed.
     */
    showServerErrors(error: unknown, codes: Partial<Record<string, Field>> = {}): boolean {
      const failure = (error ?? {}) as ApiErrorShape;
      const next: Partial<Record<Field, string>> = {};
      const coded = failure.code ? codes[failure.code] : undefined;
      if (coded) next[coded] = failure.message || options.t(`errors.${failure.code}`);
      for (const field of failure.fields ?? []) {
        const path = field.path as Field;
        if (options.fields.includes(path) && !next[path]) next[path] = field.message || options.t(field.key);
      }
      show(next);
      return Object.keys(next).length > 0;
    },
  };
}

export type EntityForm = ReturnType<typeof useEntityForm>;

/**
 * The standard texts of a section's create and edit dialog (every section names them alike):
 * `form.createTitle` / `form.editTitle`, `form.description`, `form.create` / `form.save`, and the toasts
 * `toast.created` / `toast.updated` and `toast.createFailed` / `toast.updateFailed`.
 */
export function entityFormTexts(t: (key: string) => string, editing: boolean) {
  return {
    title: t(editing ? 'form.editTitle' : 'form.createTitle'),
    description: t('form.description'),
    submitLabel: t(editing ? 'form.save' : 'form.create'),
    doneMessage: t(editing ? 'toast.updated' : 'toast.created'),
    failedTitle: t(editing ? 'toast.updateFailed' : 'toast.createFailed'),
  };
}

/**
 * A dialog around an entity's form: title and description, the fields, Cancel and the submit button (busy
 * while saving). `onSubmit` checks and saves; it resolves `false` when nothing was saved (the check failed,
 * or nothing changed and it closed the dialog itself), else the dialog says `doneMessage` and closes. When
 * it throws, the server's field errors land at their fields with a toast of `failedTitle`, and any other
 * failure goes to `onFailure` (by default the same toast with the error's message). Focus: the dialog's
 * first field when it opens, the first field in error after a failed save, and back to what opened it when
 * it closes (the native modal dialog).
 */
export function EntityFormDialog({
  form,
  title,
  description,
  submitLabel,
  cancelLabel,
  submitVariant = 'primary',
  doneMessage,
  failedTitle,
  errorCodes,
  onSubmit,
  onFailure,
  onClose,
  className,
  children,
}: {
  form: Pick<EntityForm, 'ref' | 'showServerErrors'>;
  title: string;
  description?: string | undefined;
  submitLabel: string;
  cancelLabel?: string;
  submitVariant?: 'primary' | 'danger';
  /** Said (a success toast) once saved. */
  doneMessage?: string | undefined;
  failedTitle: string;
  errorCodes?: Partial<Record<string, string>>;
  onSubmit: () => Promise<unknown>;
  onFailure?: (error: unknown) => void;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const t = useKitTexts();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      if ((await onSubmit()) === false) return;
      if (doneMessage) toast.success(doneMessage);
      onClose();
    } catch (error) {
      if (form.showServerErrors(error, errorCodes)) toast.error(failedTitle);
      else if (onFailure) onFailure(error);
      else {
        const message = (error as ApiErrorShape | undefined)?.message;
        toast.error(failedTitle, message ? { description: message } : undefined);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      className={className}
    >
      <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4">
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button type="submit" variant={submitVariant} loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
