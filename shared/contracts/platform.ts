import { z } from 'zod';
import { REMOTE_NAMES, remoteManifests } from '../remotes';
import { text } from './common';

/** The dashboard's remotes, as the registry (`shared/remotes.ts`) lists them. */
export const RemoteName = z.enum(REMOTE_NAMES);
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
      remotes: remoteManifests(),
      mail: 'outbox',
    },
  });
export type PlatformConfig = z.infer<typeof PlatformConfig>;

export const Health = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), version: text() })
  .meta({ id: 'Health', example: { status: 'ok', database: 'up', version: '0.1.0' } });

export const ReadinessReason = z.enum([
  'database_unreachable',
  'migrations_pending',
  'shutting_down',
  'overloaded',
]);
export type ReadinessReason = z.infer<typeof ReadinessReason>;

export const Readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    reasons: z.array(ReadinessReason).meta({
      description:
        'Why not ready (empty when ready): the database did not answer within 2 s; a migration of this build is not applied; the instance is shutting down; every slot of the concurrency limit is taken and its queue is full.',
    }),
    version: text(),
  })
  .meta({ id: 'Readiness', example: { status: 'ready', reasons: [], version: '0.1.0' } });
