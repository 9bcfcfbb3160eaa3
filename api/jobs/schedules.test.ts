import { parseCronItems } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { SCHEDULES } from './schedules';
import { TASKS } from './tasks';

describe('the schedule registry', () => {
  it('names registered tasks with valid payloads and crontab lines, each task once', () => {
    for (const s of SCHEDULES) {
      expect(TASKS[s.task], s.task).toBeDefined();
      expect(() => TASKS[s.task].payload.parse(s.payload)).not.toThrow();
    }
    expect(() =>
      parseCronItems(SCHEDULES.map((s) => ({ task: s.task, match: s.cron, identifier: s.task }))),
    ).not.toThrow();
    expect(new Set(SCHEDULES.map((s) => s.task)).size).toBe(SCHEDULES.length);
  });

  it('registers every task under its own name', () => {
    for (const [name, def] of Object.entries(TASKS)) expect(def.name).toBe(name);
  });
});
