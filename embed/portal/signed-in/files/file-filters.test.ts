import { describe, expect, it } from 'vitest';
import { fileFilterPath, parseFileFilter } from './file-filters';

const project = '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b';

describe('the Files page’s filters in its address', () => {
  it('reads a project and a status, ignoring what is not one', () => {
    expect(parseFileFilter(`?project=${project.toUpperCase()}&status=revision_requested`)).toEqual({
      projectId: project,
      status: 'revision_requested',
    });
    expect(parseFileFilter('?project=nope&status=done')).toEqual({ projectId: undefined, status: undefined });
    expect(parseFileFilter('')).toEqual({ projectId: undefined, status: undefined });
  });

  it('writes them back, and nothing without filters', () => {
    expect(fileFilterPath('/files', { projectId: project, status: 'pending_review' })).toBe(
      `/files?project=${project}&status=pending_review`,
    );
    expect(fileFilterPath('/files', {})).toBe('/files');
    const path = fileFilterPath('/files', { status: 'client_approved' });
    expect(parseFileFilter(path.slice(path.indexOf('?')))).toEqual({
      projectId: undefined,
      status: 'client_approved',
    });
  });
});
