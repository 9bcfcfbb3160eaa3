import { createApp, openApiConfig } from '../app';
import { loadConfig } from '../config';
import type { Sql } from '../db/client';
import { createInProcessPubSub } from '../db/pubsub';
import { createLogger } from '../http/logger';
import type { Mailer } from '../mail/mailer';
import { VERSION } from '../server';
import type { FileStore } from '../storage/store';

/**
 * The OpenAPI document without a database: building it only walks the route table, so every
 * dependency that would do I/O throws if touched.
 */
export function buildOpenApiDocument(publicUrl = 'http://localhost:3000') {
  return buildDocumentApp(publicUrl).getOpenAPI31Document(openApiConfig(VERSION, publicUrl));
}

/** The app as `buildOpenApiDocument` builds it (its route table, without I/O). */
export function buildDocumentApp(publicUrl = 'http://localhost:3000') {
  const unavailable = new Proxy(() => {}, {
    get() {
      throw new Error('no database while generating the OpenAPI document');
    },
    apply() {
      throw new Error('no database while generating the OpenAPI document');
    },
  }) as unknown as Sql;
  const noMail = () => {
    throw new Error('no mail while generating the OpenAPI document');
  };
  const store = new Proxy({} as FileStore, {
    get() {
      throw new Error('no file store while generating the OpenAPI document');
    },
  });
  const mailer: Mailer = { via: 'outbox', queue: noMail, deliver: noMail };
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: publicUrl,
  });
  return createApp({
    config,
    sql: unavailable,
    pubsub: createInProcessPubSub(),
    jobs: {
      schema: 'graphile_worker',
      enqueue() {
        throw new Error('no jobs while generating the OpenAPI document');
      },
    },
    mailer,
    store,
    log: createLogger('silent'),
    dns: {
      resolveTxt() {
        throw new Error('no DNS while generating the OpenAPI document');
      },
    },
    now: () => new Date(),
    version: VERSION,
  });
}
