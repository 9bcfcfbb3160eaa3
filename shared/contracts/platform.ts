import { z } from 'zod';
import { text } from './common';

export const RemoteName = z.enum(['clients', 'projects', 'invoices', 'files', 'analytics']);
export type RemoteName = z.infer<typeof RemoteName>;

export const PlatformConfig = z
  .object({
    remotes: z
      .record(RemoteName, text())
      .meta({ description: 'Module Federation manifest URL of each dashboard section.' }),
    mail: z
      .enum(['resend', 'outbox'])
      .meta({ description: 'Where e-mail goes: Resend, or the development outbox.' }),
  })
  .meta({
    id: 'PlatformConfig',
    example: {
      remotes: {
        clients: '/remotes/clients/mf-manifest.json',
        projects: '/remotes/projects/mf-manifest.json',
        invoices: '/remotes/invoices/mf-manifest.json',
        files: '/remotes/files/mf-manifest.json',
        analytics: '/remotes/analytics/mf-manifest.json',
      },
      mail: 'outbox',
    },
  });
export type PlatformConfig = z.infer<typeof PlatformConfig>;

export const Health = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), version: text() })
  .meta({ id: 'Health', example: { status: 'ok', database: 'up', version: '0.1.0' } });
