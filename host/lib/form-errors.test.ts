import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PortalCreateInput } from '../../shared/contracts/portals';
import { revalidateField, validateForm } from './form-errors';

/** Stands in for i18next: the key itself, so the tests see which message was chosen. */
const t = ((key: string) => key) as unknown as TFunction;

describe('revalidateField', () => {
  const invalid = { portalName: '', primaryColor: '#2563eb', secondaryColor: '#64748b' };

  it('drops the field’s message as soon as the value is valid again', () => {
    const result = validateForm(PortalCreateInput, invalid, t);
    if (result.ok) throw new Error('expected the empty name to be refused');
    expect(result.errors.portalName).toBe('validation.portalNameRequired');
    const next = revalidateField(
      PortalCreateInput,
      { ...invalid, portalName: 'A' },
      'portalName',
      result.errors,
      t,
    );
    expect(next).toEqual({});
  });

  it('keeps a message while the value is still invalid, and leaves other fields’ messages alone', () => {
    const errors = { portalName: 'validation.portalNameRequired', primaryColor: 'validation.colorInvalid' };
    const next = revalidateField(
      PortalCreateInput,
      { ...invalid, portalName: '   ', primaryColor: 'nope' },
      'portalName',
      errors,
      t,
    );
    expect(next).toEqual(errors);
  });

  it('says nothing about a field that had no message (checked on submit, not while typing)', () => {
    const errors = {};
    expect(revalidateField(PortalCreateInput, invalid, 'portalName', errors, t)).toBe(errors);
  });
});
