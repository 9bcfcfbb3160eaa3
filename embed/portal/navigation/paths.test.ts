import { describe, expect, it } from 'vitest';
import {
  filePath,
  invoicePath,
  loginPath,
  pagePath,
  parseRoute,
  paymentSuccessPath,
  projectPath,
  quotePath,
} from './paths';

const id = '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b';
const standalone = { kind: 'standalone' } as const;
const domain = { kind: 'domain', portalId: id } as const;

describe('portal routes, standalone (spec §2)', () => {
  it('parses the sign-in routes', () => {
    expect(parseRoute('/portal/login', '', standalone)).toEqual({ name: 'login', portalId: null });
    expect(parseRoute('/portal', '', standalone)).toEqual({ name: 'login', portalId: null });
    expect(parseRoute(`/portal/${id}/login`, '', standalone)).toEqual({ name: 'login', portalId: id });
    expect(parseRoute('/portal/auth', '?token=abc', standalone)).toEqual({
      name: 'auth',
      token: 'abc',
      portalId: null,
    });
  });

  it('parses the entry and every page, lower-casing the portal id', () => {
    expect(parseRoute(`/portal/${id.toUpperCase()}`, '', standalone)).toEqual({
      name: 'entry',
      portalId: id,
    });
    for (const page of [
      'dashboard',
      'projects',
      'files',
      'messages',
      'invoices',
      'profile',
      'payment-success',
    ]) {
      expect(parseRoute(`/portal/${id}/${page}/`, '', standalone)).toEqual({
        name: 'page',
        portalId: id,
        page,
      });
    }
  });

  it('answers not found for anything else', () => {
    expect(parseRoute('/portal/not-a-uuid', '', standalone)).toEqual({ name: 'notFound', portalId: null });
    expect(parseRoute(`/portal/${id}/settings`, '', standalone)).toEqual({ name: 'notFound', portalId: id });
    expect(parseRoute(`/portal/${id}/projects/x`, '', standalone).name).toBe('notFound');
    expect(parseRoute(`/portal/${id}/messages/${id}`, '', standalone).name).toBe('notFound');
    expect(parseRoute(`/portal/${id}/projects/${id}/more`, '', standalone).name).toBe('notFound');
    expect(parseRoute('/elsewhere', '', standalone).name).toBe('notFound');
  });

  it('parses one project’s page', () => {
    expect(parseRoute(`/portal/${id}/projects/${id.toUpperCase()}`, '', standalone)).toEqual({
      name: 'page',
      portalId: id,
      page: 'projects',
      projectId: id,
    });
    expect(projectPath(standalone, id, id)).toBe(`/portal/${id}/projects/${id}`);
  });

  it('parses one file’s page', () => {
    expect(parseRoute(`/portal/${id}/files/${id.toUpperCase()}`, '', standalone)).toEqual({
      name: 'page',
      portalId: id,
      page: 'files',
      fileId: id,
    });
    expect(parseRoute(`/portal/${id}/files/x`, '', standalone).name).toBe('notFound');
    expect(filePath(standalone, id, id)).toBe(`/portal/${id}/files/${id}`);
  });

  it('parses one quote’s page, shown under Invoices (issue 28)', () => {
    expect(parseRoute(`/portal/${id}/quotes/${id.toUpperCase()}`, '', standalone)).toEqual({
      name: 'page',
      portalId: id,
      page: 'invoices',
      quoteId: id,
    });
    expect(parseRoute(`/portal/${id}/quotes/AN-0001`, '', standalone).name).toBe('notFound');
    expect(parseRoute(`/portal/${id}/quotes`, '', standalone).name).toBe('notFound');
    expect(quotePath(standalone, id, id)).toBe(`/portal/${id}/quotes/${id}`);
    expect(quotePath({ kind: 'domain', portalId: id }, id, id)).toBe(`/quotes/${id}`);
  });

  it('parses one invoice’s page', () => {
    expect(parseRoute(`/portal/${id}/invoices/${id.toUpperCase()}`, '', standalone)).toEqual({
      name: 'page',
      portalId: id,
      page: 'invoices',
      invoiceId: id,
    });
    expect(parseRoute(`/portal/${id}/invoices/INV-0001`, '', standalone).name).toBe('notFound');
    expect(parseRoute(`/portal/${id}/payment-success/${id}`, '', standalone).name).toBe('notFound');
    expect(invoicePath(standalone, id, id)).toBe(`/portal/${id}/invoices/${id}`);
    expect(paymentSuccessPath(standalone, id, id)).toBe(`/portal/${id}/payment-success?invoice=${id}`);
  });

  it('builds paths', () => {
    expect(pagePath(standalone, id, 'invoices')).toBe(`/portal/${id}/invoices`);
    expect(loginPath(standalone, id)).toBe(`/portal/${id}/login`);
    expect(loginPath(standalone, null)).toBe('/portal/login');
  });
});

describe('portal routes on a custom domain', () => {
  it('serves the same pages at /', () => {
    expect(parseRoute('/', '', domain)).toEqual({ name: 'entry', portalId: id });
    expect(parseRoute('/login', '', domain)).toEqual({ name: 'login', portalId: id });
    expect(parseRoute('/auth', '?token=t', domain)).toEqual({ name: 'auth', token: 't', portalId: id });
    expect(parseRoute('/dashboard', '', domain)).toEqual({ name: 'page', portalId: id, page: 'dashboard' });
    expect(parseRoute('/portal/login', '', domain)).toEqual({ name: 'notFound', portalId: id });
    expect(pagePath(domain, id, 'profile')).toBe('/profile');
    expect(loginPath(domain, id)).toBe('/login');
    expect(parseRoute(`/projects/${id}`, '', domain)).toEqual({
      name: 'page',
      portalId: id,
      page: 'projects',
      projectId: id,
    });
    expect(parseRoute(`/messages/${id}`, '', domain).name).toBe('notFound');
    expect(projectPath(domain, id, id)).toBe(`/projects/${id}`);
    expect(parseRoute(`/files/${id}`, '', domain)).toEqual({
      name: 'page',
      portalId: id,
      page: 'files',
      fileId: id,
    });
    expect(filePath(domain, id, id)).toBe(`/files/${id}`);
    expect(parseRoute(`/invoices/${id}`, '', domain)).toEqual({
      name: 'page',
      portalId: id,
      page: 'invoices',
      invoiceId: id,
    });
    expect(invoicePath(domain, id, id)).toBe(`/invoices/${id}`);
    expect(paymentSuccessPath(domain, id, id)).toBe(`/payment-success?invoice=${id}`);
  });
});
