import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActivityType } from './contracts/activity';
import { PlatformConfig, RemoteName } from './contracts/platform';
import { notificationSection } from './notifications/rules';
import {
  IDLE_PRELOADED_REMOTES,
  isRemoteAvailable,
  REMOTE_NAMES,
  REMOTES,
  type RemoteRecord,
  registryProblems,
  remoteExposes,
  remoteManifests,
  remoteOfActivity,
} from './remotes';

const ROOT = join(import.meta.dirname, '..');
const record = (name: string, fields: Partial<RemoteRecord> = {}): RemoteRecord => ({
  name,
  section: false,
  available: false,
  idlePreload: false,
  activity: [],
  activityPages: {},
  ...fields,
});

describe('the remote registry', () => {
  it('keeps its own rules', () => {
    expect(registryProblems(REMOTES)).toEqual([]);
  });

  it('reports a record that breaks them', () => {
    expect(
      registryProblems([
        record('shown', { available: true }),
        record('eager', { section: true, idlePreload: true }),
        record('twice'),
        record('twice'),
        record('Upper'),
        record('pages', { activityPages: { file: '' } }),
        record('bills', { activity: ['invoice_status'] }),
        record('money', { activity: ['invoice_status'] }),
      ]),
    ).toEqual([
      'shown: available without a section',
      'eager: idle preload while hidden',
      'twice: listed twice',
      'Upper: not a lower-case name',
      'pages: a page without activity',
      'money: invoice_status belongs to bills',
    ]);
  });

  it('has a folder per remote with its entry and identity, and a section file exactly when it exposes one', () => {
    for (const remote of REMOTES) {
      const folder = join(ROOT, 'remotes', remote.name);
      expect(existsSync(join(folder, 'index.ts')), remote.name).toBe(true);
      const meta = readFileSync(join(folder, 'meta.ts'), 'utf8');
      expect(meta, remote.name).toContain(`section: '${remote.name}'`);
      expect(existsSync(join(folder, 'section.tsx')), remote.name).toBe(remote.section);
    }
  });

  it('derives what each container exposes', () => {
    expect(remoteExposes(record('clients', { section: true }))).toEqual({
      './meta': './remotes/clients/meta.ts',
      './Section': './remotes/clients/section.tsx',
    });
    expect(remoteExposes(record('invoices'))).toEqual({ './meta': './remotes/invoices/meta.ts' });
  });

  it('shows Clients, Projects, Invoices, Files, Calendar, Analytics and Integrations, preloads Clients and Projects when idle (spec §2)', () => {
    expect(REMOTE_NAMES.filter(isRemoteAvailable)).toEqual([
      'clients',
      'projects',
      'invoices',
      'files',
      'calendar',
      'analytics',
      'integrations',
    ]);
    expect(IDLE_PRELOADED_REMOTES).toEqual(['clients', 'projects']);
  });

  it('is the API contract’s list of remotes, and the config’s manifest URLs under any base', () => {
    expect(RemoteName.options).toEqual(REMOTE_NAMES);
    expect(Object.keys(remoteManifests())).toEqual(REMOTE_NAMES);
    expect(remoteManifests().projects).toBe('/remotes/projects/mf-manifest.json');
    expect(remoteManifests('https://cdn.example.net/remotes/').files).toBe(
      'https://cdn.example.net/remotes/files/mf-manifest.json',
    );
    expect(remoteManifests('').clients).toBe('/remotes/clients/mf-manifest.json');
    expect(
      PlatformConfig.parse({ remotes: remoteManifests(), mail: 'outbox' }).remotes.analytics,
    ).toBeDefined();
  });

  it('sends every activity type but messages to exactly one shown section, the one spec §2 names', () => {
    for (const type of ActivityType.options) {
      const section = remoteOfActivity(type);
      if (type === 'message') expect(section, type).toBeUndefined();
      else expect(section?.name, type).toBe(notificationSection(type));
    }
  });
});
