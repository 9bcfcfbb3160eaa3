import { loadConfig } from '../config';
import { createLogger } from '../http/logger';
import { createDeps } from '../server';
import { seedIfFirstRun } from './demo';

/** `npm run seed`: adds the demo data to whatever database the environment names. */
const config = loadConfig(process.env);
const log = createLogger(config.LOG_LEVEL);
const { deps, db } = await createDeps(config, log);
await seedIfFirstRun(deps, { force: true });
await db.close();
